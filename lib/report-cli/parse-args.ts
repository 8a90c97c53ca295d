import { readFile } from 'node:fs/promises';
import {
  commandLineOptions,
  fieldIssues,
  isLoopbackHost,
  issueText,
  projectNamesSchema,
  UsageError,
} from '../config';
import { uuidSchema } from '../invoicing';
import { parsePeriod, parseTimeZone, ReportRequestError, resolveReportPeriod } from '../period';
import type { ProjectNames } from '../report';

/** Limits that keep a typo (`--concurrency 800`) from flooding the service. */
const MAX_CONCURRENCY = 32;
const MAX_PAGE_SIZE = 1000;

export const REPORT_CLI_USAGE = `Usage: npm run report -- [--period P] [options]

Builds one period's report from the invoicing service and writes DIR/P/ with report.html,
report.xlsx, paid-invoices.csv, payments.csv, unmatched-payments.csv and summary.json (all six,
or none).

Options:
  --period P          the period to report: a month YYYY-MM, a quarter YYYY-Qn or a year YYYY;
                      the current one is reported so far (default: the previous month in the time zone)
  --month YYYY-MM     the same as --period with a month
  --timezone IANA     time zone the period is read in, e.g. Europe/Berlin (default: UTC)
  --project UUID      only this project's invoices (and the payments matched to them)
  --project-names FILE
                      a JSON file naming the projects for the page, { "<project uuid>": "Web shop" }
                      (the CSV files keep the ids)
  --out DIR           where the period's folder goes (default: ./reports)
  --api-url URL       the service's base URL (default: $INVOICING_API_URL)
  --api-key KEY       the account's API key (default: $INVOICING_API_KEY; prefer the variable:
                      a key on the command line is visible to other users of the machine)
  --concurrency N     requests in flight at once, 1 to ${MAX_CONCURRENCY} (default: 4)
  --page-size N       records asked for per page, 1 to ${MAX_PAGE_SIZE} (default: 100)
  -h, --help          show this help

Exit status: 0 written; 2 usage error; 1 any other failure (one line on stderr).
`;

const OPTIONS = {
  period: { type: 'string' },
  month: { type: 'string' },
  timezone: { type: 'string' },
  project: { type: 'string' },
  'project-names': { type: 'string' },
  out: { type: 'string' },
  'api-url': { type: 'string' },
  'api-key': { type: 'string' },
  concurrency: { type: 'string' },
  'page-size': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * The report CLI's arguments, with `INVOICING_API_URL`/`INVOICING_API_KEY` of `env` as defaults.
 * @throws UsageError with a one-line message saying what is wrong, never holding the API key
 */
export function parseReportCliArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  now: Date = new Date(),
) {
  const values = commandLineOptions(argv, OPTIONS, ({ code, message }) => {
    // Node's message repeats a stray argument, which could be a key pasted in the wrong place.
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      return 'unexpected argument: every value follows its option (see --help)';
    }
    // An option followed by another (`--period --api-url …`): Node calls its value "ambiguous".
    const valueless = /^Option '(--[a-z-]+)' argument is ambiguous/.exec(message)?.[1];
    if (valueless !== undefined) return `${valueless} needs a value, but an option follows it (see --help)`;
    // The first line of Node's message says what is wrong; lower-cased as the command's own messages are.
    const firstLine = message.split('\n')[0] ?? '';
    return `${firstLine.charAt(0).toLowerCase()}${firstLine.slice(1)} (see --help)`;
  });
  if (values.help) return { help: true } as const;

  const timezone = usage(() => parseTimeZone(values.timezone ?? 'UTC'));
  if (values.period !== undefined && values.month !== undefined) {
    throw new UsageError('--month is another name for --period: give one of them');
  }
  const month = values.month === undefined ? undefined : usage(() => parsePeriod(values.month!));
  if (month !== undefined && month.kind !== 'month') {
    throw new UsageError(`--month takes a month YYYY-MM; for ${month.id} use --period`);
  }
  // As the report API and a scheduled run resolve it (the CLI has no account, only a zone).
  const period = usage(() => resolveReportPeriod({ timezone }, values.period ?? values.month, now));
  const { project, concurrency, 'page-size': pageSize, 'project-names': namesFile } = values;
  return {
    help: false as const,
    // The key is never printed, never in an error message.
    options: {
      period,
      timezone,
      outDir: nonEmpty('--out', values.out ?? './reports'),
      apiUrl: apiUrl(values['api-url'] ?? nonBlank(env.INVOICING_API_URL)),
      apiKey: apiKey(values['api-key'] ?? nonBlank(env.INVOICING_API_KEY)),
      projectId: project === undefined || uuidSchema.safeParse(project).success ? project : notUuid(project),
      projectNamesFile: namesFile === undefined ? undefined : nonEmpty('--project-names', namesFile),
      concurrency:
        concurrency === undefined ? undefined : boundedInteger('--concurrency', concurrency, MAX_CONCURRENCY),
      pageSize: pageSize === undefined ? undefined : boundedInteger('--page-size', pageSize, MAX_PAGE_SIZE),
    },
  };
}

/** Runs a check from `lib/period`, turning its error into a usage error with the same message. */
function usage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw error instanceof ReportRequestError ? new UsageError(error.message) : error;
  }
}

const nonBlank = (value: string | undefined) => (value?.trim() ? value : undefined);

function nonEmpty(option: string, value: string): string {
  if (value.trim() === '') throw new UsageError(`${option} must not be empty`);
  return value;
}

function notUuid(project: string): never {
  throw new UsageError(`--project ${JSON.stringify(project)} is not a UUID`);
}

function apiUrl(value: string | undefined): string {
  if (value === undefined) throw new UsageError('no service URL: pass --api-url or set INVOICING_API_URL');
  const url = URL.parse(value);
  if (url === null) {
    throw new UsageError(
      `--api-url ${JSON.stringify(value)} is not a URL (expected e.g. https://api.example.com)`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--api-url must be an http or https URL, got ${url.protocol.slice(0, -1)}`);
  }
  // The key goes out in the first request's header: over plain http it would cross the network in clear.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `--api-url must use https: the API key would cross the network in clear (plain http is allowed only for localhost, such as the local sandbox)`,
    );
  }
  return value;
}

function apiKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UsageError('no API key: set INVOICING_API_KEY (or pass --api-key)');
  }
  return value;
}

function boundedInteger(option: string, text: string, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new UsageError(`${option} must be a whole number from 1 to ${max}, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/**
 * The project names of `--project-names FILE`, checked as an account's `projects` configuration is.
 * @throws UsageError naming the file and what is wrong with it (unreadable, not JSON, each bad entry)
 */
export async function readProjectNamesFile(file: string): Promise<ProjectNames> {
  const option = `--project-names ${file}`;
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`${option}: cannot read the file (${error.code ?? 'read error'})`);
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${option}: is not JSON (expected { "<project uuid>": "name", ... })`);
  }
  const parsed = projectNamesSchema.safeParse(json);
  if (!parsed.success) {
    const problems = fieldIssues(parsed.error.issues).map((issue) => issueText(issue));
    throw new UsageError(`${option}: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** What `npm run report` was asked to do, checked and with every default applied. */
export type ReportCliOptions = Extract<ReturnType<typeof parseReportCliArgs>, { help: false }>['options'];
