import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { deleteObject, getJsonObject, putJsonObject } from './s3-objects';

/** A run has claimed the month's email and is sending it (or crashed while doing so). */
export const sendingRecordSchema = z.object({
  state: z.literal('sending'),
  claimedAt: z.iso.datetime(),
  claimId: z.string(),
});

/** SES accepted the month's email. */
export const sentRecordSchema = z.object({
  state: z.literal('sent'),
  messageId: z.string(),
  sentAt: z.iso.datetime(),
  /** How many recipients it went to (the addresses themselves are not stored). */
  recipients: z.number().int().nonnegative(),
  attachmentsIncluded: z.boolean(),
});

/** `delivery.json` beside a report: the claim and then the proof of its email. */
export const deliveryRecordSchema = z.discriminatedUnion('state', [sendingRecordSchema, sentRecordSchema]);

export type SendingRecord = z.infer<typeof sendingRecordSchema>;
export type SentRecord = z.infer<typeof sentRecordSchema>;
export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;

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
  return getJsonObject(s3, bucket, key, deliveryRecordSchema, '; delete it or pass force');
}

/**
 * Writes the claim only if no record exists (`If-None-Match: *`); S3 answers 412 when one does.
 * With `overwrite` (a forced resend) it writes unconditionally.
 */
export async function writeClaim(
  s3: S3Client,
  bucket: string,
  key: string,
  claim: SendingRecord,
  overwrite: boolean,
): Promise<void> {
  await putJsonObject(s3, bucket, key, claim, overwrite ? {} : { ifNoneMatch: '*' });
}

/** Replaces the claim with the proof of sending. */
export async function writeSentRecord(
  s3: S3Client,
  bucket: string,
  key: string,
  record: SentRecord,
): Promise<void> {
  await putJsonObject(s3, bucket, key, record);
}

/** Gives the month back after a failed send: restores what was there before (a forced resend), or deletes the claim. */
export async function releaseClaim(
  s3: S3Client,
  bucket: string,
  key: string,
  previous: DeliveryRecord | null,
): Promise<void> {
  if (previous) await putJsonObject(s3, bucket, key, previous);
  else await deleteObject(s3, bucket, key);
}
