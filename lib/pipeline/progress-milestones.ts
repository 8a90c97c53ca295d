import type { CollectProgress } from '../report';

/** Records fetched between two progress lines of a scheduled run. */
export const PROGRESS_LOG_EVERY = 5000;

/** Progress with the records of every list added up. */
export type FetchedRecords = CollectProgress & { records: number };

/**
 * An `onProgress` that passes on only every `every` records: collection reports every few hundred
 * records of each list, which would flood a log. `report` is called once each time the total of
 * records fetched so far reaches another multiple of `every`.
 * @example atMilestones(5000, (progress) => logger.info('Fetching', progress))
 */
export function atMilestones(
  every: number,
  report: (progress: FetchedRecords) => void,
): (progress: CollectProgress) => void {
  if (!Number.isSafeInteger(every) || every < 1) {
    throw new RangeError(`every must be a whole number of records, 1 or more; got ${every}`);
  }
  let reached = 0;
  return (progress) => {
    const records = progress.invoices + progress.payments + progress.previousPeriodInvoices;
    const milestone = Math.floor(records / every);
    if (milestone <= reached) return;
    reached = milestone;
    report({ ...progress, records });
  };
}
