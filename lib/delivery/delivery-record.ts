import * as z from 'zod';
import { CorruptObjectError, DeliveryInProgressError, DeliveryRecordError } from './errors';
import { deliveryRecordKey } from './report-key';
import { getObjectVersion, parseJsonObject, type ReportLocation } from './s3-objects';

/**
 * `delivery.json` beside a report: a run's claim (`sending`), then the proof that SES accepted the email.
 * `claimId` is one attempt's own; `runId` names the request the run served, shared by its retries.
 */
const deliveryRecordSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('sending'),
    claimedAt: z.iso.datetime(),
    claimId: z.string(),
    runId: z.string().optional(),
  }),
  z.object({
    state: z.literal('sent'),
    messageId: z.string(),
    sentAt: z.iso.datetime(),
    /** How many recipients (the addresses are not stored). */
    recipients: z.number().int().nonnegative(),
    attachmentsIncluded: z.boolean(),
    /**
     * False for an email of the period so far: the period's own email is still due once it has ended.
     * Absent in records written before so-far emails were told apart, which count as complete.
     */
    complete: z.boolean().optional(),
    runId: z.string().optional(),
  }),
]);

export type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;
export type SendingRecord = Extract<DeliveryRecord, { state: 'sending' }>;
export type SentRecord = Extract<DeliveryRecord, { state: 'sent' }>;

export function coversWholePeriod(record: SentRecord): boolean {
  return record.complete !== false;
}

/** The ETag S3 answered with; conditional writes cannot work without one. */
export function requireEtag(key: string, etag: string | undefined): string {
  if (etag) return etag;
  throw new DeliveryRecordError(
    key,
    `S3 answered without an ETag for ${key}, so it cannot be changed safely`,
  );
}

/** A claim older than this belongs to a run that crashed or lost SES's answer: Lambda's longest run, 15 minutes. */
export const DEFAULT_STALE_CLAIM_MS = 15 * 60 * 1000;

export interface DeliveryStatusOptions extends ReportLocation {
  /** @default DEFAULT_STALE_CLAIM_MS */
  staleClaimAfterMs?: number;
  /** The instant a claim's age is measured at. @default new Date() */
  now?: Date;
}

/**
 * Whether a period's email was sent: `none` (nobody claimed it), `sent`, `sending` (claimed, `stale` when
 * older than the threshold: its run may have crashed after SES accepted the message), or `unreadable`.
 * Every state but `none` carries the ETag that a run changing the record names (`If-Match`).
 */
export type DeliveryStatus =
  | { state: 'none' }
  | { state: 'sent'; record: SentRecord; etag: string }
  | { state: 'sending'; record: SendingRecord; stale: boolean; etag: string }
  | { state: 'unreadable'; error: CorruptObjectError; etag: string };

/**
 * Reads `reports/<account>/<period>/delivery.json` (an unreadable record is a state, not an error).
 * @throws InvalidReportKeyError for an invalid account or period; the S3 client's error
 */
export async function deliveryStatus(options: DeliveryStatusOptions): Promise<DeliveryStatus> {
  const key = deliveryRecordKey(options.account, options.period);
  const version = await getObjectVersion(options.s3, options.bucket, key);
  if (version === null) return { state: 'none' };
  const etag = requireEtag(key, version.etag);
  let record: DeliveryRecord;
  try {
    record = parseJsonObject(key, version.text, deliveryRecordSchema, '; delete it or pass force');
  } catch (error) {
    if (error instanceof CorruptObjectError) return { state: 'unreadable', error, etag };
    throw error;
  }
  if (record.state === 'sent') return { state: 'sent', record, etag };
  const age = (options.now ?? new Date()).getTime() - Date.parse(record.claimedAt);
  const stale = age > (options.staleClaimAfterMs ?? DEFAULT_STALE_CLAIM_MS);
  return { state: 'sending', record, stale, etag };
}

/** A period found sent before; `complete: false` when that email was of the period so far. */
export interface AlreadySent {
  status: 'already-sent';
  messageId: string;
  sentAt: string;
  complete?: false;
}

/** What a run asks of a period's email; `runId` is the request it serves, the same in each of its retries. */
export interface DeliveryRequest {
  account: string;
  period: string;
  /** Whether this run's report covers a period that has ended. */
  complete: boolean;
  force?: boolean;
  runId?: string;
}

/**
 * What a status means for a run that must not send twice: already-sent, or `null` when it may go on
 * (nobody claimed the period, or only its so-far email was sent and this run's report is `complete`).
 * A forced run goes on, unless an earlier attempt at the same request (`runId`) wrote the record: Lambda
 * retries a failed asynchronous invocation with the same request id, also after SES accepted its email.
 * @throws DeliveryInProgressError when a run holds the claim; CorruptObjectError for an unreadable record
 */
export function alreadySentUnlessForced(
  status: DeliveryStatus,
  request: DeliveryRequest,
): AlreadySent | null {
  const byThisRequest =
    request.runId !== undefined &&
    (status.state === 'sending' || status.state === 'sent') &&
    status.record.runId === request.runId;
  if (request.force && !byThisRequest) return null;
  const { account, period } = request;
  switch (status.state) {
    case 'none':
      return null;
    case 'sent': {
      const { record } = status;
      const whole = coversWholePeriod(record);
      if (request.complete && !whole) return null;
      const { messageId, sentAt } = record;
      return { status: 'already-sent', messageId, sentAt, ...(whole ? {} : { complete: false as const }) };
    }
    case 'sending':
      throw new DeliveryInProgressError(account, period, status.record.claimedAt, status.stale);
    case 'unreadable':
      throw status.error;
  }
}
