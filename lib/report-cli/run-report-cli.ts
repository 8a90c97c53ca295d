import { UsageError } from '../config';
import {
  createInvoicingClient,
  type InvoicingClient,
  type InvoicingClientHooks,
  type InvoicingClientOptions,
  InvoicingParameterError,
  redactSecret,
} from '../invoicing';
import { generateReportFolder } from '../render';
import {
  fetchedInWords,
  fetchRanges,
  formatCount,
  formatUSD,
  periodHeading,
  periodTitle,
  type Report,
  reconciliationOutcome,
  reconciliationWindow,
  reportPeriod,
  unmatchedInWords,
} from '../report';
import { describeFailure, type ExitCode, exitCodeFor, type FailureContext } from './describe-failure';
import {
  parseReportCliArgs,
  REPORT_CLI_USAGE,
  type ReportCliOptions,
  readProjectNamesFile,
} from './parse-args';
import { createProgressLine, type ProgressOutput } from './progress-line';

export interface ReportCliIo {
  stdout: ProgressOutput;
  stderr: ProgressOutput;
  env: Readonly<Record<string, string | undefined>>;
  /** @default () => new Date() */
  now?: () => Date;
  /** Aborted when the person stops the report (Ctrl-C): it fails at once and leaves nothing behind. */
  interrupt?: AbortSignal;
  /** Passed on to the invoicing client; tests make retries instant with `sleep`. */
  clientHooks?: InvoicingClientHooks & Pick<InvoicingClientOptions, 'fetch' | 'maxRetries'>;
}

const PREFIX = 'report: ';

/** `npm run report`: writes the period's report folder; resolves to the exit status, never rejects. */
export async function runReportCli(argv: readonly string[], io: ReportCliIo): Promise<ExitCode> {
  const now = io.now ?? (() => new Date());
  const onCommandLine = keyOnCommandLine(argv);
  const context: FailureContext = {
    apiKey: onCommandLine ?? io.env.INVOICING_API_KEY,
    apiKeyFrom: onCommandLine === undefined ? 'INVOICING_API_KEY' : '--api-key',
  };
  try {
    const command = parseReportCliArgs(argv, io.env, now());
    if (command.help) {
      io.stdout.write(REPORT_CLI_USAGE);
      return 0;
    }
    const { options } = command;
    context.apiUrl = options.apiUrl;
    context.apiKey = options.apiKey;
    context.period = options.period;
    const { report, folder } = await fetchReport(createClient(options, io), options, io, now());
    io.stderr.write(outcome(report, folder));
    return 0;
  } catch (thrown) {
    // Stopped, the client's requests fail with the abort, and the report with them: the failure says so.
    context.interrupted = io.interrupt?.aborted;
    io.stderr.write(`${PREFIX}${describeFailure(thrown, context)}\n`);
    return context.interrupted ? 1 : exitCodeFor(thrown);
  }
}

function createClient(options: ReportCliOptions, io: ReportCliIo): InvoicingClient {
  try {
    return createInvoicingClient({
      ...io.clientHooks,
      baseUrl: options.apiUrl,
      apiKey: options.apiKey,
      // Ctrl-C calls every request off, and the report fails as it does when the service fails, which
      // removes its hidden folder and the rows it sorted on disk.
      signal: io.interrupt,
      concurrency: options.concurrency,
      pageSize: options.pageSize,
    });
  } catch (error) {
    // The client's own checks (a key with spaces, a URL with a query) are mistakes on the command line.
    if (error instanceof InvoicingParameterError) {
      throw new UsageError(`invalid invoicing client options: ${error.issues.join('; ')}`);
    }
    throw error;
  }
}

async function fetchReport(client: InvoicingClient, options: ReportCliOptions, io: ReportCliIo, now: Date) {
  const projectNames =
    options.projectNamesFile === undefined ? {} : await readProjectNamesFile(options.projectNamesFile);
  const progress = createProgressLine(io.stderr);
  const label = `${options.period} (${options.timezone})`;
  const ranges = fetchRanges(reportPeriod(options.period, options.timezone, now));
  progress.update(`${PREFIX}fetching ${label} from ${new URL(options.apiUrl).host}…`);
  try {
    return await generateReportFolder(
      client,
      { period: options.period, timezone: options.timezone, projectId: options.projectId, projectNames },
      {
        // The report names the service; a key written into the URL's path stays out of it.
        apiUrl: redactSecret(options.apiUrl, options.apiKey),
        outDir: options.outDir,
        now,
        onProgress: (fetched) =>
          progress.update(`${PREFIX}fetching ${label}: ${fetchedInWords(fetched, ranges, options.timezone)}`),
      },
    );
  } finally {
    progress.finish();
  }
}

/**
 * The folder written, the headline figures and the reconciliation, for stderr. The period is named as
 * the reconciliation's sentence names it (`September 2026 in UTC`); a period not ended with the instant
 * it runs to: `November 2026 so far, as of 23 Nov 2026, 14:35 (Europe/Berlin)`.
 */
function outcome(report: Report, folder: string): string {
  const { summary } = report;
  const { period, invoices, payments, reconciliation } = summary;
  const named = period.complete ? `${periodTitle(period)} in ${period.timezone}` : periodHeading(period);
  return [
    `${PREFIX}wrote ${folder}: report.html, report.xlsx, paid-invoices.csv (${formatCount(report.paidInvoiceRows.rowCount)} rows), ` +
      `payments.csv (${formatCount(report.paymentRows.rowCount)} rows), ` +
      `unmatched-payments.csv (${formatCount(report.unmatched.length)} rows), summary.json`,
    `${PREFIX}${named}: ${formatCount(invoices.paid)} of ${formatCount(invoices.total)} ` +
      `invoices paid, ${formatUSD(invoices.paidTotalUSD)} (commission ${formatUSD(invoices.commissionTotalUSD)}); ` +
      `${formatCount(payments.total)} payments, ${formatCount(payments.unmatched)} unmatched`,
    ...(payments.unmatched === 0 ? [] : [`${PREFIX}${unmatchedInWords(payments)}`]),
    `${PREFIX}reconciliation ${reconciliation.ok ? 'ok' : 'differs (see report.html)'}: ${reconciliationOutcome(summary)}`,
    `${PREFIX}${reconciliationWindow(summary, 'above')}`,
    ...(summary.projectId !== null && invoices.total === 0 && reconciliation.listed.paid === 0
      ? [
          // A mistyped id gives a report of nothing that agrees with the service: say what may be wrong.
          `${PREFIX}the service lists no invoice of project ${summary.projectId} for these dates: if you expected some, check the id given to --project`,
        ]
      : []),
    '',
  ].join('\n');
}

/** The `--api-key` value, found before the arguments are checked so that even their error redacts it. */
function keyOnCommandLine(argv: readonly string[]): string | undefined {
  let key: string | undefined;
  argv.forEach((arg, index) => {
    if (arg === '--api-key') key = argv[index + 1];
    else if (arg.startsWith('--api-key=')) key = arg.slice('--api-key='.length);
  });
  return key || undefined;
}
