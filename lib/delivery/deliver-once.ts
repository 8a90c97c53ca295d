import { randomUUID } from 'node:crypto';
import type { SESClient } from '@aws-sdk/client-ses';
import * as z from 'zod';
import {
  type ComposeWithinLimitOptions,
  composeWithinLimit,
  mailboxAddress,
  recipientAddresses,
} from './compose-email';
import {
  type CorruptObjectError,
  DeliveryError,
  DeliveryInProgressError,
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
  readJsonObject,
} from './s3-objects';
import { type RetryOptions, sendRawEmail } from './send-raw-email';

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

type DeliveryRecord = z.infer<typeof deliveryRecordSchema>;
type SendingRecord = Extract<DeliveryRecord, { state: 'sending' }>;
type SentRecord = Extract<DeliveryRecord, { state: 'sent' }>;

export const coversWholePeriod = (record: SentRecord): boolean => record.complete !== false;

/** The ETag S3 answered with; conditional writes cannot work without one. */
function requireEtag(key: string, etag: string | undefined): string {
  if (etag) return etag;
  throw new DeliveryRecordError(
    key,
    `S3 answered without an ETag for ${key}, so it cannot be changed safely`,
  );
}

/** A claim older than this belongs to a run that crashed or lost SES's answer: Lambda's longest run, 15 minutes. */
export const DEFAULT_STALE_CLAIM_MS = 15 * 60 * 1000;

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
export async function deliveryStatus(options: ReportLocation & { now?: Date }): Promise<DeliveryStatus> {
  const key = deliveryRecordKey(options.account, options.period);
  const advice = '; delete it or pass force';
  const stored = await readJsonObject(options, key, deliveryRecordSchema, { advice });
  if (stored === null) return { state: 'none' };
  const etag = requireEtag(key, stored.etag);
  const record = stored.value;
  if (!record) return { state: 'unreadable', error: stored.error, etag };
  if (record.state === 'sent') return { state: 'sent', record, etag };
  const age = (options.now ?? new Date()).getTime() - Date.parse(record.claimedAt);
  const stale = age > DEFAULT_STALE_CLAIM_MS;
  return { state: 'sending', record, stale, etag };
}

/** A period found sent before; `complete: false` when that email was of the period so far. */
export type AlreadySent = { status: 'already-sent'; messageId: string; sentAt: string; complete?: false };

/** What a run asks of a period's email; `runId` is the request it serves, the same in each of its retries. */
interface DeliveryRequest {
  account: string;
  period: string;
  /** Whether this run's report covers a period that has ended. */
  complete: boolean;
  /** Send even if the period's email was sent (or claimed) before, replacing the record. */
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
export function alreadySentUnlessForced(status: DeliveryStatus, run: DeliveryRequest): AlreadySent | null {
  const byThisRequest =
    run.runId !== undefined &&
    (status.state === 'sending' || status.state === 'sent') &&
    status.record.runId === run.runId;
  if (run.force && !byThisRequest) return null;
  switch (status.state) {
    case 'none':
      return null;
    case 'sent': {
      const whole = coversWholePeriod(status.record);
      if (run.complete && !whole) return null;
      const { messageId, sentAt } = status.record;
      return { status: 'already-sent', messageId, sentAt, ...(whole ? {} : { complete: false as const }) };
    }
    case 'sending':
      throw new DeliveryInProgressError(run.account, run.period, status.record.claimedAt, status.stale);
    case 'unreadable':
      throw status.error;
  }
}

export interface DeliverReportEmailOnceOptions
  extends ReportLocation,
    DeliveryRequest,
    Omit<ComposeWithinLimitOptions, 'date'> {
  ses: SESClient;
  now?: () => Date;
  retry?: RetryOptions;
  /** Told once the period is claimed, just before the message goes to SES. */
  onSending?: (sending: EmailSending) => void;
}

/** The email a run is about to hand to SES, having claimed the period at `claimedAt`. */
export type EmailSending = { claimedAt: string; recipients: number; attachmentsIncluded: boolean };

export type DeliveryResult =
  | { status: 'sent'; messageId: string; attachmentsIncluded: boolean }
  | AlreadySent;

/**
 * Writes `record` (the proof of sending), or, with `null`, deletes the claim, only while this run's claim
 * (`claimEtag`) is still there; when another run (a forced resend) replaced it, its record stays.
 */
async function replaceOwnClaim(
  where: ReportLocation,
  key: string,
  claimEtag: string,
  record: DeliveryRecord | null,
): Promise<void> {
  try {
    if (record) await putJsonObject(where, key, record, claimEtag);
    else await deleteObject(where, key, claimEtag);
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
    const previous = status.state === 'sent' || status.state === 'sending' ? status.record : null;
    try {
      const over = status.state === 'none' ? null : status.etag;
      return { etag: requireEtag(key, await putJsonObject(options, key, claim, over)), previous };
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
 * Sends a period's report email at most once, however often it is called: unless the record settles it
 * (`alreadySentUnlessForced`), the message is composed, the period claimed with a conditional write, the
 * message sent and the record made `sent`. Every later write names the claim's ETag, so no run undoes
 * another's. When SES refused the message for sure the claim is released (what it replaced put back) and
 * the error thrown; when SES may have accepted it the claim stays, goes stale and alarms.
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

  const { raw, attachmentsIncluded } = await composeWithinLimit({ ...options, date: clock() });
  const claim = {
    state: 'sending',
    claimedAt: clock().toISOString(),
    claimId: randomUUID(),
    ...runId,
  } as const;
  const claimed = await claimPeriod(options, key, claim, read, clock);
  if ('status' in claimed) return claimed;
  options.onSending?.({ claimedAt: claim.claimedAt, recipients: to.length, attachmentsIncluded });

  const sent = await sendRawEmail({ ses: options.ses, raw, from, to, retry: options.retry }).catch(
    async (error: unknown) => {
      // Anything but a sure refusal may have reached SES: the claim stays.
      if (error instanceof EmailOutcomeUnknownError)
        throw new DeliveryUnconfirmedError(account, period, key, error);
      if (!(error instanceof EmailSendError)) throw error;
      // A so-far email's record that this run claimed over is put back, so the period is still due.
      await replaceOwnClaim(options, key, claimed.etag, claimed.previous).catch((releaseError: unknown) => {
        throw new DeliveryRecordError(
          key,
          `the email was not sent and the claim at ${key} could not be released (${String(releaseError)}); ` +
            'delete it or pass force to send',
          { cause: error },
        );
      });
      throw error;
    },
  );

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
