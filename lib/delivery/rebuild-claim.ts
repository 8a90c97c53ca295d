import type { S3Client } from '@aws-sdk/client-s3';
import { accountPrefix } from './report-key';
import {
  getObjectVersion,
  isConditionLost,
  type ObjectVersion,
  putJsonObject,
  type WriteCondition,
} from './s3-objects';

/** The object beside an account's periods that records when one of its reports was last rebuilt on request. */
export const REBUILD_RECORD_FILE_NAME = 'rebuilds.json';

/** `reports/<account>/rebuilds.json`. @throws InvalidReportKeyError for an invalid account */
export function rebuildRecordKey(account: string): string {
  return `${accountPrefix(account)}${REBUILD_RECORD_FILE_NAME}`;
}

/** Options of `claimRebuild`. */
export interface ClaimRebuildOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  /** At most one rebuild of the account per this many seconds. */
  intervalSeconds: number;
  now: Date;
}

/** Whether a rebuild may start now, or in how many whole seconds one may. */
export type RebuildClaim = { granted: true } | { granted: false; retryAfterSeconds: number };

/** Replace only the version read (an emulator without ETags is written over). */
function conditionOn(current: ObjectVersion): WriteCondition {
  return current.etag ? { ifMatch: current.etag } : {};
}

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
 * record of the last rebuild lives in S3, and a claim replaces it only if it is still the version this
 * claim read (`If-Match`, or `If-None-Match: *` for the first), so of two instances that read the same
 * record one writes and the other is refused. A record from the future (a clock set wrong) holds for one
 * interval at most: the first claim that finds it is refused and dates it now.
 * @example await claimRebuild({ s3, bucket, account: 'acme', intervalSeconds: 60, now: new Date() })
 * // { granted: true }, then for 60 seconds { granted: false, retryAfterSeconds: 60 … 1 }
 * @throws InvalidReportKeyError for an invalid account; the S3 client's error when S3 fails otherwise
 */
export async function claimRebuild(options: ClaimRebuildOptions): Promise<RebuildClaim> {
  const { s3, bucket, now } = options;
  const key = rebuildRecordKey(options.account);
  const intervalMs = options.intervalSeconds * 1000;
  const current = await getObjectVersion(s3, bucket, key);
  const last = current === null ? undefined : lastRebuildAt(current.text);
  if (current !== null && last !== undefined && last > now.getTime()) {
    // A record from the future (a clock set wrong) is taken as made now, and written so: left as it is,
    // it would refuse every rebuild until its own time, whatever the Retry-After said.
    await putJsonObject(s3, bucket, key, { lastRebuildAt: now.toISOString() }, conditionOn(current)).catch(
      (error: unknown) => {
        // Another instance replaced it meanwhile: its record holds instead.
        if (!isConditionLost(error)) throw error;
      },
    );
    return { granted: false, retryAfterSeconds: options.intervalSeconds };
  }
  if (last !== undefined) {
    const waitMs = last + intervalMs - now.getTime();
    if (waitMs > 0) return { granted: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
  }
  try {
    await putJsonObject(
      s3,
      bucket,
      key,
      { lastRebuildAt: now.toISOString() },
      current === null ? { ifNoneMatch: '*' } : conditionOn(current),
    );
  } catch (error) {
    // Another instance claimed it between the read and this write.
    if (isConditionLost(error)) return { granted: false, retryAfterSeconds: options.intervalSeconds };
    throw error;
  }
  return { granted: true };
}
