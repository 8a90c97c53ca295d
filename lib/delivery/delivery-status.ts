import type { S3Client } from '@aws-sdk/client-s3';
import {
  coversWholePeriod,
  readStoredDeliveryRecord,
  type SendingRecord,
  type SentRecord,
} from './delivery-record';
import { type CorruptObjectError, DeliveryInProgressError } from './errors';
import { deliveryRecordKey } from './report-key';

/** A claim older than this belongs to a run that crashed or lost SES's answer: Lambda's longest run, 15 minutes. */
export const DEFAULT_STALE_CLAIM_MS = 15 * 60 * 1000;

/** Options of `deliveryStatus`. */
export interface DeliveryStatusOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  /** How old a claim must be to count as stale. @default DEFAULT_STALE_CLAIM_MS */
  staleClaimAfterMs?: number;
  /** The instant a claim's age is measured at. @default new Date() */
  now?: Date;
}

/**
 * Whether a period's email was sent, and in what state its record is:
 *
 * - `none`: no record; nobody has claimed the period.
 * - `sent`: SES accepted the email; `record` holds its message id and when, and whether it reported the
 *   period so far (`complete: false`, sent while the period ran): the period's own email is then still
 *   due once it has ended.
 * - `sending`: a run claimed the period and has not marked it sent. `stale` when the claim is older than
 *   the stale threshold: its run may have crashed or lost SES's answer, possibly after SES accepted the message.
 * - `unreadable`: the record is there but is not a delivery record, so nobody can tell whether the email
 *   went out; `error` says what is wrong with it.
 *
 * Every state but `none` carries the record's `etag`: a run that changes the record names it (`If-Match`),
 * so that it changes exactly the version it read and never what another run wrote since.
 */
export type DeliveryStatus =
  | { state: 'none' }
  | { state: 'sent'; record: SentRecord; etag: string }
  | { state: 'sending'; record: SendingRecord; stale: boolean; etag: string }
  | { state: 'unreadable'; error: CorruptObjectError; etag: string };

/**
 * Reads `reports/<account>/<period>/delivery.json` and says whether the period's email was sent.
 * @example
 * const status = await deliveryStatus({ s3, bucket, account: 'acme', period: '2026-10' });
 * if (status.state === 'sent') console.log(status.record.messageId);
 * @throws InvalidReportKeyError for an invalid account or period; the S3 client's error when S3 cannot
 * be read (an unreadable record is a state, not an error)
 */
export async function deliveryStatus(options: DeliveryStatusOptions): Promise<DeliveryStatus> {
  const key = deliveryRecordKey(options.account, options.period);
  const stored = await readStoredDeliveryRecord(options.s3, options.bucket, key);
  if (stored === null) return { state: 'none' };
  const { etag } = stored;
  if ('error' in stored) return { state: 'unreadable', error: stored.error, etag };
  const { record } = stored;
  if (record.state === 'sent') return { state: 'sent', record, etag };
  const age = (options.now ?? new Date()).getTime() - Date.parse(record.claimedAt);
  const stale = age > (options.staleClaimAfterMs ?? DEFAULT_STALE_CLAIM_MS);
  return { state: 'sending', record, stale, etag };
}

/** What a run reports when it finds the period sent before: the SES message id and when SES accepted it. */
export interface AlreadySent {
  status: 'already-sent';
  messageId: string;
  sentAt: string;
  /**
   * Present (false) when the email sent was of the period so far: the period had not ended, and its
   * own email goes out on the first run after it has.
   */
  complete?: false;
}

/**
 * What a status means for a run that must not send the period twice: already-sent when it was sent,
 * `null` when the run may go on: nobody has claimed the period, or only its so-far email was sent and
 * this run's report is `complete` (the period has ended), so the period's own email is still due. A
 * so-far email settles a run whose report is so far too, so it is not sent twice.
 * @throws DeliveryInProgressError when a run holds the claim (saying whether it is stale);
 * CorruptObjectError when the record is unreadable (nothing is sent until someone looks, or forces)
 */
export function alreadySent(
  status: DeliveryStatus,
  account: string,
  period: string,
  complete: boolean,
): AlreadySent | null {
  switch (status.state) {
    case 'none':
      return null;
    case 'sent': {
      const { record } = status;
      const whole = coversWholePeriod(record);
      if (complete && !whole) return null;
      return {
        status: 'already-sent',
        messageId: record.messageId,
        sentAt: record.sentAt,
        ...(whole ? {} : { complete: false as const }),
      };
    }
    case 'sending':
      throw new DeliveryInProgressError(account, period, status.record.claimedAt, status.stale);
    case 'unreadable':
      throw status.error;
  }
}

/** What a run asks of a period's email: whether to send it again, and the request it serves. */
export interface DeliveryRequest {
  account: string;
  period: string;
  /** Whether this run's report covers a period that has ended. */
  complete: boolean;
  /** Send again whatever the record says. @default false */
  force?: boolean;
  /** The request the run serves, the same in each of its retries (see `DeliverReportEmailOnceOptions.runId`). */
  runId?: string;
}

/**
 * What a status means for a run that may be a forced resend: `null` (send) for a forced run, unless the
 * record was written by an earlier attempt at the same request. Lambda retries an asynchronous invocation
 * that failed, with the same request id, also after SES accepted its email and the answer was lost or the
 * run was cut off before recording it: that attempt's claim (or record) is then met as any run meets
 * another's, so that one request to resend sends once. Otherwise as `alreadySent`.
 * @throws as `alreadySent`
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
  return alreadySent(status, request.account, request.period, request.complete);
}
