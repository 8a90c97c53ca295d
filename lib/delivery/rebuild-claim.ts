import { accountPrefix } from './report-key';
import {
  getObjectVersion,
  isConditionLost,
  putJsonObject,
  type ReportLocation,
  type WriteCondition,
} from './s3-objects';

/** Beside an account's periods: when one of its reports was last rebuilt on request. */
export const REBUILD_RECORD_FILE_NAME = 'rebuilds.json';

export function rebuildRecordKey(account: string): string {
  return `${accountPrefix(account)}${REBUILD_RECORD_FILE_NAME}`;
}

export interface ClaimRebuildOptions extends Omit<ReportLocation, 'period'> {
  /** At most one rebuild of the account per this many seconds. */
  intervalSeconds: number;
  now: Date;
}

/** Whether a rebuild may start now, or in how many whole seconds one may. */
export type RebuildClaim = { granted: true } | { granted: false; retryAfterSeconds: number };

/** The instant a record holds, or undefined for one that cannot be read (it is then overwritten). */
function lastRebuildAt(text: string): number | undefined {
  try {
    const record = JSON.parse(text) as { lastRebuildAt?: unknown };
    const time = typeof record?.lastRebuildAt === 'string' ? Date.parse(record.lastRebuildAt) : Number.NaN;
    return Number.isNaN(time) ? undefined : time;
  } catch {
    return undefined;
  }
}

/**
 * Claims the account's one rebuild of the interval, for every instance of the report API at once: the
 * record lives in S3, and a claim replaces only the version it read (`If-Match`, or `If-None-Match: *`
 * for the first), so of two instances that read the same record one writes and the other is refused.
 * @throws InvalidReportKeyError for an invalid account; the S3 client's error when S3 fails otherwise
 */
export async function claimRebuild(options: ClaimRebuildOptions): Promise<RebuildClaim> {
  const { s3, bucket, now, intervalSeconds } = options;
  const key = rebuildRecordKey(options.account);
  const current = await getObjectVersion(s3, bucket, key);
  const last = current === null ? undefined : lastRebuildAt(current.text);
  // A record from the future (a clock set wrong) is refused once and dated now: left as it is, it would
  // refuse every rebuild until its own time, whatever the Retry-After said.
  const fromFuture = last !== undefined && last > now.getTime();
  if (last !== undefined && !fromFuture) {
    const waitMs = last + intervalSeconds * 1000 - now.getTime();
    if (waitMs > 0) return { granted: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  // Replace only the version read (an emulator without ETags is written over).
  const condition: WriteCondition =
    current === null ? { IfNoneMatch: '*' } : current.etag ? { IfMatch: current.etag } : {};
  try {
    await putJsonObject(s3, bucket, key, { lastRebuildAt: now.toISOString() }, condition);
  } catch (error) {
    // Another instance claimed it between the read and this write.
    if (!isConditionLost(error)) throw error;
    return { granted: false, retryAfterSeconds: intervalSeconds };
  }
  return fromFuture ? { granted: false, retryAfterSeconds: intervalSeconds } : { granted: true };
}
