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
import { type AlreadySent, alreadySent, type DeliveryStatus, deliveryStatus } from './delivery-status';
import { mailboxAddress, recipientAddresses } from './email-address';
import { DeliveryError, DeliveryRecordError } from './errors';
import { deliveryRecordKey } from './report-key';
import { isPreconditionFailed } from './s3-objects';
import { type SentEmail, sendRawEmail } from './send-raw-email';
import type { RetryOptions } from './ses-retry';

/** Options of `deliverReportEmailOnce`. */
export interface DeliverReportEmailOnceOptions {
  s3: S3Client;
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
  /** Send even if the period's email was sent (or claimed) before, replacing the record. @default false */
  force?: boolean;
  /** @default DEFAULT_MAX_MESSAGE_BYTES (9 MiB) */
  maxMessageBytes?: number;
  /** How old a claim must be for the error to say its run may have crashed. @default DEFAULT_STALE_CLAIM_MS */
  staleClaimAfterMs?: number;
  /** @default () => new Date() */
  now?: () => Date;
  /** Throttling retries of `SendRawEmail`. */
  retry?: RetryOptions;
}

/** What `deliverReportEmailOnce` did. */
export type DeliveryResult =
  | { status: 'sent'; messageId: string; attachmentsIncluded: boolean }
  | AlreadySent;

/** The period's delivery status as this run sees it at `now`. */
function statusAt(options: DeliverReportEmailOnceOptions, now: Date): Promise<DeliveryStatus> {
  const { s3, bucket, account, period, staleClaimAfterMs } = options;
  return deliveryStatus({ s3, bucket, account, period, staleClaimAfterMs, now });
}

/** Already-sent when the period was sent, `null` when it is free; throws when claimed or unreadable. */
async function settle(options: DeliverReportEmailOnceOptions, now: Date): Promise<AlreadySent | null> {
  return alreadySent(await statusAt(options, now), options.account, options.period);
}

/**
 * Claims the period with a conditional write. When another run got there first (412), its record decides:
 * sent, in progress, or (released in between) try again.
 */
async function claimOrSettle(
  options: DeliverReportEmailOnceOptions,
  key: string,
  claim: SendingRecord,
  now: Date,
): Promise<AlreadySent | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeClaim(options.s3, options.bucket, key, claim, false);
      return null;
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
    }
    const settled = await settle(options, now);
    if (settled) return settled;
  }
  throw new DeliveryError(
    `the delivery claim at ${key} kept changing under this run; nothing was sent by it`,
  );
}

/**
 * Sends a period's report email to an account's recipients once, however often it is called.
 *
 * The record `reports/<account>/<period>/delivery.json` is read first: `sent` returns already-sent, and a
 * `sending` claim throws `DeliveryInProgressError` (a claim older than `staleClaimAfterMs` is not taken
 * over, since SES may have accepted the message before its run crashed; the error says so). Otherwise
 * the message is composed (with the attachments if it fits), the period is claimed with a conditional
 * write (`If-None-Match: *`), the message is sent, and the record becomes `sent` with the SES message id.
 * When sending fails the claim is released so a retry can send, and the error is thrown. `force` sends
 * whatever the record says.
 * @throws InvalidReportKeyError, InvalidEmailError, EmailTooLargeError before anything is written;
 * DeliveryInProgressError; EmailSendError after releasing the claim; DeliveryRecordError when SES accepted
 * the message but the record could not be written (the claim stays, so nothing resends it without force)
 */
export async function deliverReportEmailOnce(
  options: DeliverReportEmailOnceOptions,
): Promise<DeliveryResult> {
  const { s3, bucket } = options;
  const key = deliveryRecordKey(options.account, options.period);
  const from = mailboxAddress(options.from, 'from');
  const to = recipientAddresses(options.to);
  const clock = options.now ?? (() => new Date());
  const force = options.force ?? false;

  let previous: DeliveryRecord | null = null;
  if (force) {
    // Restored if the resend fails; a garbled record is replaced rather than stopped at.
    const status = await statusAt(options, clock());
    if (status.state === 'sent' || status.state === 'sending') previous = status.record;
  } else {
    const settled = await settle(options, clock());
    if (settled) return settled;
  }

  const message = await composeWithinLimit({
    from: options.from,
    to: options.to,
    render: options.render,
    attachments: options.attachments,
    maxMessageBytes: options.maxMessageBytes,
    date: clock(),
  });

  const claim: SendingRecord = { state: 'sending', claimedAt: clock().toISOString(), claimId: randomUUID() };
  if (force) {
    await writeClaim(s3, bucket, key, claim, true);
  } else {
    const settled = await claimOrSettle(options, key, claim, clock());
    if (settled) return settled;
  }

  let sent: SentEmail;
  try {
    sent = await sendRawEmail({ ses: options.ses, raw: message.raw, from, to, retry: options.retry });
  } catch (error) {
    try {
      await releaseClaim(s3, bucket, key, force ? previous : null);
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

  try {
    await writeSentRecord(s3, bucket, key, {
      state: 'sent',
      messageId: sent.messageId,
      sentAt: clock().toISOString(),
      recipients: to.length,
      attachmentsIncluded: message.attachmentsIncluded,
    });
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
