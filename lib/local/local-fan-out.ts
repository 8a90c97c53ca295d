import { join } from 'node:path';
import { type DeploymentConfig, describeError, scheduleSlots } from '../config';
import { coversWholePeriod, deliveryStatus, reportPrefix } from '../delivery';
import { monthName, resolveReportPeriod } from '../period';
import {
  type DeliveryContext,
  dispatchSlot,
  type FetchedRecords,
  type ReportDeliveryResult,
  runScheduledReport,
  runSlotLocally,
  type StructuredLogger,
  slotIndex,
} from '../pipeline';
import {
  type FetchRanges,
  fetchedInWords,
  fetchRanges,
  formatCount,
  formatInstant,
  formatUSD,
  reportPeriod,
} from '../report';

/** Records fetched between two progress lines of a local run: the sandbox's months hold a few hundred. */
const LOCAL_PROGRESS_EVERY = 100;

/** What the local run of the monthly job did for one account. */
export interface LocalAccountRun {
  account: string;
  timezone: string;
  /** The month built and emailed (or found emailed): last month in the account's zone. */
  month: string;
  recipients: string[];
  /** `sent` now or `already-sent` by an earlier start, or the failure in one line. */
  outcome: { status: 'delivered'; delivery: ReportDeliveryResult } | { status: 'failed'; error: string };
  /** `s3://invoice-reports-local/reports/demo/2026-10/`. */
  s3Location: string;
  /** The S3 emulator's folder for that prefix (its files end in `._S3rver_object`). */
  s3Folder: string;
}

/** What a run did, in a line; a run the stack stopped failed by the stop's doing, which is not news. */
function outcomeLine(run: LocalAccountRun, stopped: boolean): string {
  const month = monthName(run.month);
  if (run.outcome.status === 'failed' && stopped) {
    return `${run.account}: ${month} stopped (the next start builds it, and emails it unless it was emailed)`;
  }
  if (run.outcome.status === 'failed') return `${run.account}: ${month} failed: ${run.outcome.error}`;
  const { delivery } = run.outcome;
  if (delivery.status === 'already-sent') {
    return `${run.account}: ${month} was emailed on ${formatInstant(delivery.sentAt, run.timezone)}: not sending it again`;
  }
  const figures = delivery.figures
    ? `${formatCount(delivery.figures.paidInvoices)} of ${formatCount(delivery.figures.invoices)} invoices paid, ` +
      `${formatUSD(delivery.figures.paidTotalUSD)}; `
    : '';
  return `${run.account}: ${month}: ${figures}saved to ${run.s3Location} and emailed to ${run.recipients.join(', ')}`;
}

/**
 * The monthly job as a deployment runs it, as if every monthly slot fired now; one account's failure is
 * its own outcome. A month an earlier start left half-emailed (Ctrl-C while emailing) is forced: on AWS
 * that needs a person to look, but here the mail went to an emulator that forgets it on every start.
 * The stack's `signal` closes its servers at once, so a run still going fails and no further slot starts.
 */
export async function runLocalMonthlyFanOut(options: {
  config: DeploymentConfig;
  context: DeliveryContext;
  now: () => Date;
  s3Directory: string;
  log: (line: string) => void;
  signal?: AbortSignal;
}): Promise<LocalAccountRun[]> {
  const { config, context, now, log } = options;
  const runs = new Map<string, Omit<LocalAccountRun, 'outcome'>>();
  const ranges = new Map<string, FetchRanges>();
  const forced = new Set<string>();
  for (const account of config.accounts) {
    const month = resolveReportPeriod(account, undefined, now());
    ranges.set(account.name, fetchRanges(reportPeriod(month, account.timezone, now())));
    const prefix = reportPrefix(account.name, month);
    runs.set(account.name, {
      account: account.name,
      timezone: account.timezone,
      month,
      recipients: account.recipients,
      s3Location: `s3://${context.bucket}/${prefix}`,
      // s3rver keeps each key as a path under its directory: `<bucket>/<key>._S3rver_object`.
      s3Folder: join(options.s3Directory, context.bucket, prefix),
    });
    const { s3, bucket } = context;
    const status = await deliveryStatus({ s3, bucket, account: account.name, period: month });
    if (status.state === 'unreadable' || status.state === 'sending') {
      forced.add(account.name);
      log(
        `an earlier start stopped while emailing ${monthName(month)} for ${account.name}: building and sending it again`,
      );
    } else if (status.state === 'none' || (status.state === 'sent' && !coversWholePeriod(status.record))) {
      // Only the month so far was emailed (an operator's run while it ran): the whole month is still due.
      log(`building the ${monthName(month)} report for ${account.name} from the sandbox...`);
    }
  }

  // The scheduled run's log, for a terminal: one line per milestone and account that says "so far" and
  // names the dates each list was asked for. What each run ended with is said once, from its outcome.
  const logger: StructuredLogger = {
    info: (_message, ...attributes) => {
      const fetched = Object.assign({}, ...attributes) as Partial<FetchedRecords> & { account?: string };
      const run = fetched.account === undefined ? undefined : runs.get(fetched.account);
      if (fetched.records === undefined || run === undefined) return;
      const { invoices = 0, payments = 0, previousPeriodInvoices = 0 } = fetched;
      const progress = { invoices, payments, previousPeriodInvoices };
      log(`${run.account}: so far ${fetchedInWords(progress, ranges.get(run.account)!, run.timezone)}`);
    },
    warn: () => {},
    error: () => {},
  };
  const slots = slotIndex(config);
  const results: LocalAccountRun[] = [];
  for (const slot of scheduleSlots(config.accounts).filter((each) => each.periodKind === 'month')) {
    options.signal?.throwIfAborted();
    const dispatch = dispatchSlot({ slot: slot.id, scheduledTime: now().toISOString() }, slots, now);
    const outcomes = await runSlotLocally(dispatch, {
      concurrency: config.maxConcurrentReports,
      run: (event) =>
        runScheduledReport(forced.has(event.account) ? { ...event, force: true } : event, {
          config,
          context,
          logger,
          progressEvery: LOCAL_PROGRESS_EVERY,
        }),
    });
    for (const outcome of outcomes) {
      const run: LocalAccountRun = {
        ...runs.get(outcome.account)!,
        outcome:
          outcome.status === 'done'
            ? { status: 'delivered', delivery: outcome.result }
            : { status: 'failed', error: describeError(outcome.error) },
      };
      log(outcomeLine(run, options.signal?.aborted ?? false));
      results.push(run);
    }
  }
  // In the configuration's order, whatever the slots' order.
  const order = config.accounts.map((account) => account.name);
  return results.sort((a, b) => order.indexOf(a.account) - order.indexOf(b.account));
}
