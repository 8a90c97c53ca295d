import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SESClient } from '@aws-sdk/client-ses';
import type { EmailAttachment } from './compose-email';
import { composeWithinLimit, type RenderEmail } from './compose-within-limit';
import {
  type DeliveryRecord,
  releaseClaim,
  type SendingRecord,
  writeClaim,
  writeSentRecord,
} from './delivery-record';
import {
  type AlreadySent,
  alreadySentUnlessForced,
  type DeliveryStatus,
  deliveryStatus,
} from './delivery-status';
import { mailboxAddress, recipientAddresses } from './email-address';
import {
  DeliveryError,
  DeliveryRecordError,
  DeliveryUnconfirmedError,
  EmailOutcomeUnknownError,
  EmailSendError,
} from './errors';
import { deliveryRecordKey } from './report-key';
import { isConditionLost, type WriteCondition } from './s3-objects';
import { type SentEmail, sendRawEmail } from './send-raw-email';
import type { RetryOptions } from './ses-retry';

/** Options of `deliverReportEmailOnce`. */
export interface DeliverReportEmailOnceOptions {
  s3: S3Client;
  /** Made by `createSesClient` (one attempt per request: see `sendRawEmail`). */
  ses: SESClient;
  bucket: string;
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  /** The account's SES-verified sender. */
  from: string;
  /** The account's recipients. */
  to: string[];
  /** Writes subject, HTML and text; told whether the attachments fit, so its words can match. */
  render: RenderEmail;
  /** The CSV files on disk, attached while the message stays under `maxMessageBytes`. */
  attachments: EmailAttachment[];
  /**
   * Whether the report covers a period that had ended (false: the period so far). Recorded with the
   * email, so that a so-far email does not stand in for the period's own once the period has ended.
   */
  complete: boolean;
  /** Send even if the period's email was sent (or claimed) before, replacing the record. @default false */
  force?: boolean;
  /**
   * The request this run serves, the same in every retry of it (Lambda's request id: its retries of an
   * asynchronous invocation keep it), kept in the record. A forced resend does not send over a record
   * that an earlier attempt at its own request wrote: that attempt may have sent the email.
   */
  runId?: string;
  /** @default DEFAULT_MAX_MESSAGE_BYTES (9 MiB) */
  maxMessageBytes?: number;
  /** How old a claim must be to count as stale (unconfirmed, alarming). @default DEFAULT_STALE_CLAIM_MS */
  staleClaimAfterMs?: number;
  /** @default () => new Date() */
  now?: () => Date;
  /** Throttling retries of `SendRawEmail`. */
  retry?: RetryOptions;
  /** Told once the period is claimed, just before the message goes to SES. */
  onSending?: (sending: EmailSending) => void;
}

/** The email a run is about to hand to SES, having claimed the period. */
export interface EmailSending {
  /** When the claim was made (the record's `claimedAt`). */
  claimedAt: string;
  /** How many recipients it goes to. */
  recipients: number;
  attachmentsIncluded: boolean;
}

/** What `deliverReportEmailOnce` did. */
export type DeliveryResult =
  | { status: 'sent'; messageId: string; attachmentsIncluded: boolean }
  | AlreadySent;

/** The claim this run wrote: its ETag makes every later write of the run conditional on it. */
interface OwnClaim {
  etag: string;
  /** What the claim replaced (a forced resend's record, or a so-far email's), put back if SES refuses. */
  previous: DeliveryRecord | null;
}

/** How often a run reads the record again after another run changed it under its conditional write. */
const CLAIM_ATTEMPTS = 3;

/** The period's delivery status as this run sees it at `now`. */
function statusAt(options: DeliverReportEmailOnceOptions, now: Date): Promise<DeliveryStatus> {
  const { s3, bucket, account, period, staleClaimAfterMs } = options;
  return deliveryStatus({ s3, bucket, account, period, staleClaimAfterMs, now });
}

/** Write only where there is no record, or only over the version that was read. */
function claimCondition(status: DeliveryStatus): WriteCondition {
  return status.state === 'none' ? { ifNoneMatch: '*' } : { ifMatch: status.etag };
}

/**
 * Claims the period, conditionally on the record this run read: a normal run only where there is none
 * (`If-None-Match: *`) or over the so-far email's record when its own report is complete, a forced
 * resend over whatever it read; either over a record only while it is the version read (`If-Match`),
 * so that of two runs claiming over one record only one sends. When another run changed the record in
 * between (412), it is read again: a normal run stops at what it finds (sent, in progress), a forced
 * one claims over it. A claim S3 wrote although the write failed is this run's.
 */
async function claimPeriod(
  options: DeliverReportEmailOnceOptions,
  key: string,
  claim: SendingRecord,
  read: DeliveryStatus,
  clock: () => Date,
): Promise<OwnClaim | AlreadySent> {
  let status = read;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const settled = alreadySentUnlessForced(status, options);
    if (settled) return settled;
    // A normal run gets here only over no record or a so-far email's.
    const previous = status.state === 'sent' || status.state === 'sending' ? status.record : null;
    try {
      const etag = await writeClaim(options.s3, options.bucket, key, claim, claimCondition(status));
      return { etag, previous };
    } catch (error) {
      // S3 may have written the claim and lost its answer: the SDK's retry of the write then finds the
      // claim there (412), or every answer is an error. The record says whether the claim is this run's.
      status = await statusAt(options, clock()).catch((rereadError: unknown) => {
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

/** After SES refused the message for sure: gives the period back, if the claim is still this run's. */
async function releaseAfterRefusal(
  options: DeliverReportEmailOnceOptions,
  key: string,
  own: OwnClaim,
  refusal: EmailSendError,
): Promise<never> {
  try {
    // False when another run (a forced resend) replaced the claim: its record is not this run's to undo.
    // A so-far email's record that this run claimed over is put back, so the period is still due.
    await releaseClaim(options.s3, options.bucket, key, own.etag, own.previous);
  } catch (releaseError) {
    throw new DeliveryRecordError(
      key,
      `the email was not sent and the claim at ${key} could not be released (${String(releaseError)}); ` +
        'delete it or pass force to send',
      { cause: refusal },
    );
  }
  throw refusal;
}

/**
 * Sends a period's report email to an account's recipients at most once, however often it is called.
 *
 * The record `reports/<account>/<period>/delivery.json` is read first: `sent` returns already-sent, and a
 * `sending` claim throws `DeliveryInProgressError` (a claim older than `staleClaimAfterMs` is not taken
 * over, since SES may have accepted the message: the error starts with "delivery unconfirmed", which
 * alarms). Otherwise the message is composed (with the attachments if it fits), the period is claimed
 * with a conditional write (`If-None-Match: *`), the message is sent, and the record becomes `sent`
 * with the SES message id and whether the report was `complete`.
 *
 * An email of the period so far (`complete: false`, sent while the period ran) settles only runs whose
 * report is so far too. A run whose report is complete claims over its record (`If-Match` on the
 * version read, so of two such runs one sends), and on a refusal puts the so-far record back.
 *
 * Every later write names the claim's ETag (`If-Match`), so that no run undoes another's: when a forced
 * resend replaced the claim meanwhile, this run leaves its record alone. What happens when sending fails
 * depends on what SES's answer says (see `sesFailureKind`):
 * - SES refused the message for sure: the claim is released so a retry can send, and the error thrown.
 * - SES may have accepted it (the answer was lost, a 5xx): the claim stays, so that no retry sends it
 *   again; it goes stale and alarms, and a person checks (then marks the period sent or forces).
 *
 * `force` sends whatever the record says: it claims over the version it read (`If-Match`), follows the
 * same rules, and on a refusal puts back what it replaced. Only a record written by an earlier attempt
 * at the same request (`runId`, a retry of it) is met as a normal run meets it, so that a retried resend
 * is not sent again.
 * @throws InvalidReportKeyError, InvalidEmailError, EmailTooLargeError before anything is written;
 * DeliveryInProgressError, CorruptObjectError before anything is sent; EmailSendError after releasing
 * the claim; DeliveryUnconfirmedError when SES may have accepted the message (the claim stays);
 * DeliveryRecordError when SES accepted the message but the record could not be written (the claim
 * stays, so nothing resends it without force), or when a claim could not be released
 */
export async function deliverReportEmailOnce(
  options: DeliverReportEmailOnceOptions,
): Promise<DeliveryResult> {
  const { s3, bucket, account, period } = options;
  const key = deliveryRecordKey(account, period);
  const from = mailboxAddress(options.from, 'from');
  const to = recipientAddresses(options.to);
  const clock = options.now ?? (() => new Date());

  // A garbled record stops a normal run here; a forced resend replaces it.
  const read = await statusAt(options, clock());
  const settled = alreadySentUnlessForced(read, options);
  if (settled) return settled;

  const message = await composeWithinLimit({
    from: options.from,
    to: options.to,
    render: options.render,
    attachments: options.attachments,
    maxMessageBytes: options.maxMessageBytes,
    date: clock(),
  });

  const claim: SendingRecord = {
    state: 'sending',
    claimedAt: clock().toISOString(),
    claimId: randomUUID(),
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  };
  const claimed = await claimPeriod(options, key, claim, read, clock);
  if ('status' in claimed) return claimed;
  options.onSending?.({
    claimedAt: claim.claimedAt,
    recipients: to.length,
    attachmentsIncluded: message.attachmentsIncluded,
  });

  let sent: SentEmail;
  try {
    sent = await sendRawEmail({ ses: options.ses, raw: message.raw, from, to, retry: options.retry });
  } catch (error) {
    if (error instanceof EmailSendError) return releaseAfterRefusal(options, key, claimed, error);
    // Anything else may have reached SES: the claim stays.
    if (error instanceof EmailOutcomeUnknownError)
      throw new DeliveryUnconfirmedError(account, period, key, error);
    throw error;
  }

  try {
    // False when a forced resend replaced the claim meanwhile: this email went out all the same, and
    // the record stays the resend's.
    await writeSentRecord(
      s3,
      bucket,
      key,
      {
        state: 'sent',
        messageId: sent.messageId,
        sentAt: clock().toISOString(),
        recipients: to.length,
        attachmentsIncluded: message.attachmentsIncluded,
        complete: options.complete,
        ...(options.runId === undefined ? {} : { runId: options.runId }),
      },
      claimed.etag,
    );
  } catch (error) {
    throw new DeliveryRecordError(
      key,
      `SES accepted the email (message id ${sent.messageId}) but ${key} could not be marked sent; ` +
        'it stays claimed, so no run sends it again without force',
      { cause: error },
    );
  }
  return { status: 'sent', messageId: sent.messageId, attachmentsIncluded: message.attachmentsIncluded };
}
