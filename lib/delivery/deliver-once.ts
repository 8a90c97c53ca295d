import { randomUUID } from 'node:crypto';
import type { SESClient } from '@aws-sdk/client-ses';
import {
  composeWithinLimit,
  type EmailAttachment,
  mailboxAddress,
  type RenderEmail,
  recipientAddresses,
} from './compose-email';
import {
  type AlreadySent,
  alreadySentUnlessForced,
  type DeliveryRecord,
  type DeliveryStatus,
  deliveryStatus,
  requireEtag,
  type SendingRecord,
  type SentRecord,
} from './delivery-record';
import {
  DeliveryError,
  DeliveryRecordError,
  DeliveryUnconfirmedError,
  EmailOutcomeUnknownError,
  EmailSendError,
} from './errors';
import { deliveryRecordKey } from './report-key';
import {
  deleteObject,
  isConditionLost,
  putJsonObject,
  type ReportLocation,
  type WriteCondition,
} from './s3-objects';
import { type RetryOptions, type SentEmail, sendRawEmail } from './send-raw-email';

export interface DeliverReportEmailOnceOptions extends ReportLocation {
  /** Made by `createSesClient` (one attempt per request: see `sendRawEmail`). */
  ses: SESClient;
  /** The account's SES-verified sender. */
  from: string;
  to: string[];
  /** Writes subject, HTML and text; told whether the attachments fit, so its words can match. */
  render: RenderEmail;
  /** Attached while the message stays under `maxMessageBytes`. */
  attachments: EmailAttachment[];
  /** Whether the report covers a period that had ended; a so-far email does not stand in for the whole. */
  complete: boolean;
  /** Send even if the period's email was sent (or claimed) before, replacing the record. */
  force?: boolean;
  /**
   * The request this run serves, kept in every retry of it (Lambda's request id): a forced resend does not
   * send over a record an earlier attempt at its own request wrote, since that attempt may have sent.
   */
  runId?: string;
  /** @default DEFAULT_MAX_MESSAGE_BYTES (9 MiB) */
  maxMessageBytes?: number;
  /** @default DEFAULT_STALE_CLAIM_MS */
  staleClaimAfterMs?: number;
  now?: () => Date;
  retry?: RetryOptions;
  /** Told once the period is claimed, just before the message goes to SES. */
  onSending?: (sending: EmailSending) => void;
}

/** The email a run is about to hand to SES, having claimed the period at `claimedAt`. */
export interface EmailSending {
  claimedAt: string;
  recipients: number;
  attachmentsIncluded: boolean;
}

export type DeliveryResult =
  | { status: 'sent'; messageId: string; attachmentsIncluded: boolean }
  | AlreadySent;

/**
 * Writes `record` (the proof of sending), or, with `null`, deletes the claim, only while this run's claim
 * (`claimEtag`) is still there; when another run (a forced resend) replaced it, its record stays.
 */
async function replaceOwnClaim(
  { s3, bucket }: ReportLocation,
  key: string,
  claimEtag: string,
  record: DeliveryRecord | null,
): Promise<void> {
  try {
    if (record) await putJsonObject(s3, bucket, key, record, { IfMatch: claimEtag });
    else await deleteObject(s3, bucket, key, claimEtag);
  } catch (error) {
    if (!isConditionLost(error)) throw error;
  }
}

/** How often a run reads the record again after another run changed it under its conditional write. */
const CLAIM_ATTEMPTS = 3;

/**
 * Claims the period conditionally on the record read: `If-None-Match: *` where there is none, else
 * `If-Match` on the version read, so that of two runs claiming over one record only one sends. On a 412
 * the record is read again: a normal run stops at what it finds, a forced one claims over it. Returns the
 * claim's ETag, which makes every later write of the run conditional on it, and what the claim replaced.
 */
async function claimPeriod(
  options: DeliverReportEmailOnceOptions,
  key: string,
  claim: SendingRecord,
  read: DeliveryStatus,
  clock: () => Date,
): Promise<{ etag: string; previous: DeliveryRecord | null } | AlreadySent> {
  let status = read;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const settled = alreadySentUnlessForced(status, options);
    if (settled) return settled;
    // A normal run gets here only over no record or a so-far email's.
    const previous = status.state === 'sent' || status.state === 'sending' ? status.record : null;
    const condition: WriteCondition =
      status.state === 'none' ? { IfNoneMatch: '*' } : { IfMatch: status.etag };
    try {
      const etag = await putJsonObject(options.s3, options.bucket, key, claim, condition);
      return { etag: requireEtag(key, etag), previous };
    } catch (error) {
      // S3 may have written the claim and lost its answer: the SDK's retry of the write then finds the
      // claim there (412), or every answer is an error. The record says whether the claim is this run's.
      status = await deliveryStatus({ ...options, now: clock() }).catch((rereadError: unknown) => {
        throw isConditionLost(error) ? rereadError : error;
      });
      if (status.state === 'sending' && status.record.claimId === claim.claimId) {
        return { etag: status.etag, previous };
      }
      if (!isConditionLost(error)) throw error;
    }
  }
  throw new DeliveryError(
    `the delivery claim at ${key} kept changing under this run; nothing was sent by it`,
  );
}

/**
 * Sends a period's report email at most once, however often it is called, through the record
 * `reports/<account>/<period>/delivery.json`: a `sent` record returns already-sent, a `sending` claim
 * throws `DeliveryInProgressError` (a stale one is not taken over: SES may have accepted the message).
 * Otherwise the message is composed, the period claimed with a conditional write, the message sent and
 * the record made `sent`. A so-far email's record settles only so-far runs; a complete run claims over it.
 *
 * Every later write names the claim's ETag, so no run undoes another's. When SES refused the message for
 * sure the claim is released (what it replaced put back) and the error thrown; when SES may have accepted
 * it the claim stays, goes stale and alarms. `force` claims over whatever it read, except a record of an
 * earlier attempt at the same `runId`.
 * @throws InvalidReportKeyError, InvalidEmailError, EmailTooLargeError before anything is written;
 * DeliveryInProgressError, CorruptObjectError before anything is sent; EmailSendError after releasing
 * the claim; DeliveryUnconfirmedError when SES may have accepted the message; DeliveryRecordError when
 * SES accepted it but the record could not be written, or when a claim could not be released
 */
export async function deliverReportEmailOnce(
  options: DeliverReportEmailOnceOptions,
): Promise<DeliveryResult> {
  const { account, period } = options;
  const key = deliveryRecordKey(account, period);
  const from = mailboxAddress(options.from, 'from');
  const to = recipientAddresses(options.to);
  const clock = options.now ?? (() => new Date());
  const runId = options.runId === undefined ? {} : { runId: options.runId };

  // A garbled record stops a normal run here; a forced resend replaces it.
  const read = await deliveryStatus({ ...options, now: clock() });
  const settled = alreadySentUnlessForced(read, options);
  if (settled) return settled;

  const message = await composeWithinLimit({ ...options, date: clock() });

  const claim: SendingRecord = {
    state: 'sending',
    claimedAt: clock().toISOString(),
    claimId: randomUUID(),
    ...runId,
  };
  const claimed = await claimPeriod(options, key, claim, read, clock);
  if ('status' in claimed) return claimed;
  const { attachmentsIncluded } = message;
  options.onSending?.({ claimedAt: claim.claimedAt, recipients: to.length, attachmentsIncluded });

  let sent: SentEmail;
  try {
    sent = await sendRawEmail({ ses: options.ses, raw: message.raw, from, to, retry: options.retry });
  } catch (error) {
    if (error instanceof EmailSendError) {
      try {
        // A so-far email's record that this run claimed over is put back, so the period is still due.
        await replaceOwnClaim(options, key, claimed.etag, claimed.previous);
      } catch (releaseError) {
        throw new DeliveryRecordError(
          key,
          `the email was not sent and the claim at ${key} could not be released (${String(releaseError)}); ` +
            'delete it or pass force to send',
          { cause: error },
        );
      }
      throw error;
    }
    // Anything else may have reached SES: the claim stays.
    if (error instanceof EmailOutcomeUnknownError)
      throw new DeliveryUnconfirmedError(account, period, key, error);
    throw error;
  }

  const record: SentRecord = {
    state: 'sent',
    messageId: sent.messageId,
    sentAt: clock().toISOString(),
    recipients: to.length,
    attachmentsIncluded,
    complete: options.complete,
    ...runId,
  };
  // A forced resend may have replaced the claim meanwhile: this email went out all the same.
  await replaceOwnClaim(options, key, claimed.etag, record).catch((error: unknown) => {
    throw new DeliveryRecordError(
      key,
      `SES accepted the email (message id ${sent.messageId}) but ${key} could not be marked sent; ` +
        'it stays claimed, so no run sends it again without force',
      { cause: error },
    );
  });
  return { status: 'sent', messageId: sent.messageId, attachmentsIncluded };
}
