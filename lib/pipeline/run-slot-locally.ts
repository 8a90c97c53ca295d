import pLimit from 'p-limit';
import type { SlotDispatch } from './dispatch-slot';
import type { ScheduledReportEvent } from './scheduled-event';

/** How one account of a slot ended: its run's result, or the error it failed with. */
export type AccountRunOutcome<T> =
  | { account: string; status: 'done'; result: T }
  | { account: string; status: 'failed'; error: unknown };

/** Options of `runSlotLocally`. */
export interface LocalSlotRunOptions<T> {
  /** Runs in flight at once at most (the deployment's `maxConcurrentReports`). */
  concurrency: number;
  /** One account's run: what the fan-out invokes the scheduled function with. */
  run: (event: ScheduledReportEvent) => Promise<T>;
}

/**
 * Runs a slot's dispatch on this machine as the deployed fan-out (a Step Functions Map state) runs it:
 * at most `concurrency` accounts at once, and each account's failure caught as its own outcome while the
 * others go on, in the dispatch's order. For the local stack and tests, where there is no Step Functions;
 * its retries and dead-letter queue are the deployment's, so a failure here is reported, not retried.
 */
export async function runSlotLocally<T>(
  dispatch: SlotDispatch,
  options: LocalSlotRunOptions<T>,
): Promise<AccountRunOutcome<T>[]> {
  const limit = pLimit(options.concurrency);
  return Promise.all(
    dispatch.runs.map((event) =>
      limit(async (): Promise<AccountRunOutcome<T>> => {
        try {
          return { account: event.account, status: 'done', result: await options.run(event) };
        } catch (error) {
          return { account: event.account, status: 'failed', error };
        }
      }),
    ),
  );
}
