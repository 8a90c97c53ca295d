import { Logger } from '@aws-lambda-powertools/logger';
import { errorParts } from '../config';
import type { CollectProgress } from '../report';

/** What the pipeline logs through: Powertools' `Logger` or a test's recorder; never a secret. */
export type StructuredLogger = Record<'info' | 'warn' | 'error', LogLine>;
type LogLine = (message: string, ...attributes: Record<string, unknown>[]) => void;

/** JSON lines with level (`POWERTOOLS_LOG_LEVEL`), timestamp, `service` and the Lambda context once added. */
export function createLogger(): Logger {
  return new Logger({ serviceName: 'invoice-reports' });
}

/** An error's name and message, and its cause's (not an SDK error's other members; Lambda logs the stack). */
export function errorAttributes(error: unknown) {
  const cause = error instanceof Error && error.cause !== undefined ? { cause: errorParts(error.cause) } : {};
  return { error: { ...errorParts(error), ...cause } };
}

/** Records fetched between two progress lines of a scheduled run. */
export const PROGRESS_LOG_EVERY = 5000;

export type FetchedRecords = CollectProgress & { records: number };

/**
 * An `onProgress` passing on progress each time the records fetched reach another multiple of `every`:
 * collection reports every few hundred records of each list, which would flood a log.
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
