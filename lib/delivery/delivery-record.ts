import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { CorruptObjectError, DeliveryRecordError } from './errors';
import {
  deleteObject,
  getObjectVersion,
  isConditionLost,
  parseJsonObject,
  putJsonObject,
  type WriteCondition,
} from './s3-objects';

/**
 * A run has claimed the period's email and is sending it (or crashed, or lost SES's answer, while doing so).
 * `claimId` is this attempt's own; `runId` (in this record and in the sent one) names the request the run
 * served, which every retry of that request shares (see `DeliverReportEmailOnceOptions.runId`).
 */
export const sendingRecordSchema = z.object({
  state: z.literal('sending'),
  claimedAt: z.iso.datetime(),
  claimId: z.string(),
  runId: z.string().optional(),
});

/** SES accepted the period's email. */
export const sentRecordSchema = z.object({
  state: z.literal('sent'),
  messageId: z.string(),
  sentAt: z.iso.datetime(),
  /** How many recipients it went to (the addresses themselves are not stored). */
  recipients: z.number().int().nonnegative(),
  attachmentsIncluded: z.boolean(),
  /**
   * Whether the email reported a period that had ended. False for an email of the period so far (an
   * operator's run in the middle of it): the period's own email is then still due once it has ended.
   * Absent in records written before so-far emails were told apart, which count as complete.
   */
  complete: z.boolean().optional(),
  runId: z.string().optional(),
});

/** `delivery.json` beside a report: the claim and then the proof of its email. */
export const deliveryRecordSchema = z.discriminatedUnion('state', [sendingRecordSchema, sentRecordSchema]);

export type SendingRecord = z.infer<typeof sendingRecordSchema>;
export type SentRecord = z.infer<typeof sentRecordSchema>;
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

/** Whether a sent record's email covered the whole period (a record without `complete` did). */
export function coversWholePeriod(record: SentRecord): boolean {
  return record.complete !== false;
}

/**
 * A delivery record as S3 holds it: its content, or what is wrong with it, and its ETag, which a run
 * names to change exactly this version (`If-Match`) and nothing another run wrote since.
 */
export type StoredDeliveryRecord =
  | { record: DeliveryRecord; etag: string }
  | { error: CorruptObjectError; etag: string };

const CORRUPT_ADVICE = '; delete it or pass force';

/** The ETag S3 answered with; conditional writes cannot work without one. */
function requireEtag(key: string, etag: string | undefined): string {
  if (etag) return etag;
  throw new DeliveryRecordError(
    key,
    `S3 answered without an ETag for ${key}, so it cannot be changed safely`,
  );
}

/**
 * The delivery record at `key` with its ETag, or `null` when there is none. An object that is not a
 * delivery record comes back as `error` (with its ETag, so that a forced resend can replace it).
 */
export async function readStoredDeliveryRecord(
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<StoredDeliveryRecord | null> {
  const version = await getObjectVersion(s3, bucket, key);
  if (version === null) return null;
  const etag = requireEtag(key, version.etag);
  try {
    return { record: parseJsonObject(key, version.text, deliveryRecordSchema, CORRUPT_ADVICE), etag };
  } catch (error) {
    if (error instanceof CorruptObjectError) return { error, etag };
    throw error;
  }
}

/**
 * The delivery record at `key`, or `null` when there is none.
 * @throws CorruptObjectError when the object is not a delivery record: nobody can tell then whether the
 * email went out, so nothing is sent until someone looks (or forces)
 */
export async function readDeliveryRecord(
  s3: S3Client,
  bucket: string,
  key: string,
): Promise<DeliveryRecord | null> {
  const stored = await readStoredDeliveryRecord(s3, bucket, key);
  if (stored === null) return null;
  if ('error' in stored) throw stored.error;
  return stored.record;
}

/**
 * Writes a claim on `condition`: `{ ifNoneMatch: '*' }` when no record exists, `{ ifMatch }` to replace
 * the version a forced resend read. S3 answers 412 when the condition does not hold (`isConditionLost`).
 * @returns the claim's ETag, which the run's later writes name
 */
export async function writeClaim(
  s3: S3Client,
  bucket: string,
  key: string,
  claim: SendingRecord,
  condition: WriteCondition,
): Promise<string> {
  return requireEtag(key, await putJsonObject(s3, bucket, key, claim, condition));
}

/**
 * Replaces this run's claim (`claimEtag`) with the proof of sending, only while the claim is still there.
 * @returns false when another run replaced the claim (a forced resend): its record is left as it is
 */
export async function writeSentRecord(
  s3: S3Client,
  bucket: string,
  key: string,
  record: SentRecord,
  claimEtag: string,
): Promise<boolean> {
  return ifStillOwn(() => putJsonObject(s3, bucket, key, record, { ifMatch: claimEtag }));
}

/**
 * Gives the period back after SES refused the message: restores what was there before (a forced resend),
 * or deletes the claim; either only while this run's claim (`claimEtag`) is still there.
 * @returns false when another run replaced the claim: there is nothing of this run's to give back
 */
export async function releaseClaim(
  s3: S3Client,
  bucket: string,
  key: string,
  claimEtag: string,
  previous: DeliveryRecord | null,
): Promise<boolean> {
  return ifStillOwn(() =>
    previous
      ? putJsonObject(s3, bucket, key, previous, { ifMatch: claimEtag })
      : deleteObject(s3, bucket, key, { ifMatch: claimEtag }),
  );
}

/** Runs a write conditional on this run's claim: true when it was made, false when the claim is gone. */
async function ifStillOwn(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionLost(error)) return false;
    throw error;
  }
}
