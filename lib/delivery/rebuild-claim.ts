import * as z from 'zod';
import { rebuildRecordKey } from './report-key';
import { isConditionLost, putJsonObject, type ReportLocation, readJsonObject } from './s3-objects';

const rebuildRecordSchema = z.object({ lastRebuildAt: z.iso.datetime({ offset: true }) });

/**
 * Claims the account's one rebuild per `intervalSeconds`, for every instance of the report API at once:
 * the record lives in S3, and a claim replaces only the version it read (`If-Match`, or `If-None-Match: *`
 * for the first), so of two instances that read the same record one writes and the other is refused. A
 * record that cannot be read is replaced. Refused, it says in how many whole seconds a rebuild may start.
 * @throws InvalidReportKeyError for an invalid account; the S3 client's error when S3 fails otherwise
 */
export async function claimRebuild(
  where: Omit<ReportLocation, 'period'> & { intervalSeconds: number; now: Date },
): Promise<{ granted: true } | { granted: false; retryAfterSeconds: number }> {
  const { account, now, intervalSeconds } = where;
  const key = rebuildRecordKey(account);
  const current = await readJsonObject(where, key, rebuildRecordSchema);
  const last = current?.value && Date.parse(current.value.lastRebuildAt);
  const refused = { granted: false as const, retryAfterSeconds: intervalSeconds };
  // A record from the future (a clock set wrong) is refused once and dated now: left as it is, it would
  // refuse every rebuild until its own time, whatever the Retry-After said.
  const fromFuture = last !== undefined && last > now.getTime();
  if (last !== undefined && !fromFuture) {
    const waitMs = last + intervalSeconds * 1000 - now.getTime();
    if (waitMs > 0) return { granted: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  // Only over the version read (an emulator without ETags is written over).
  const over = current === null ? null : current.etag;
  try {
    await putJsonObject(where, key, { lastRebuildAt: now.toISOString() }, over);
  } catch (error) {
    // Another instance claimed it between the read and this write.
    if (!isConditionLost(error)) throw error;
    return refused;
  }
  return fromFuture ? refused : { granted: true };
}
