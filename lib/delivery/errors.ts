/**
 * Errors raised by `lib/delivery`. Each sets `name`, keeps the underlying error as `cause`, and carries
 * context (key, account, period, SES error code) but never a secret.
 */
export class DeliveryError extends Error {
  // A literal, as every error class here writes it: a minified bundle renames classes, so
  // `new.target.name` would log a mangled name on Lambda.
  override readonly name: string = 'DeliveryError';
}

/** An account, period or file name that would not make a safe S3 key under `reports/`. */
export class InvalidReportKeyError extends DeliveryError {
  override readonly name = 'InvalidReportKeyError';
}

/** A report folder that cannot be saved as is (a file missing, figures not a JSON object). */
export class InvalidReportFolderError extends DeliveryError {
  override readonly name = 'InvalidReportFolderError';
}

/** A stored JSON object (manifest or delivery record) that does not have the expected shape. */
export class CorruptObjectError extends DeliveryError {
  override readonly name = 'CorruptObjectError';
  readonly key: string;

  constructor(key: string, detail: string, options?: { cause?: unknown }) {
    super(`s3 object ${key} is not valid: ${detail}`, options);
    this.key = key;
  }
}

/** A signing key that is missing or too short to sign links safely. */
export class SigningKeyError extends DeliveryError {
  override readonly name = 'SigningKeyError';
}

/** Input to the mail functions that cannot make a message (no recipient, a malformed address). */
export class InvalidEmailError extends DeliveryError {
  override readonly name = 'InvalidEmailError';
}

/** A message that is too large for SES even without attachments. */
export class EmailTooLargeError extends DeliveryError {
  override readonly name = 'EmailTooLargeError';
  readonly sizeBytes: number;
  readonly maxBytes: number;

  constructor(sizeBytes: number, maxBytes: number) {
    super(`the email is ${sizeBytes} bytes without attachments, over the limit of ${maxBytes} bytes`);
    this.sizeBytes = sizeBytes;
    this.maxBytes = maxBytes;
  }
}

/** Words that start every error saying a period's email may have gone out unconfirmed; an alarm watches the logs for them. */
export const DELIVERY_UNCONFIRMED = 'delivery unconfirmed';

/** `SendRawEmail` did not end in an acceptance: SES's error name or the network error's code, and after how many attempts. */
abstract class SesSendFailure extends DeliveryError {
  /** The SES error name (`MessageRejected`, `Throttling`, `InternalFailure`) or network code (`ECONNRESET`). */
  readonly code: string;
  /** How many times the message was offered to SES. */
  readonly attempts: number;
  readonly requestId: string | undefined;

  constructor(
    message: string,
    code: string,
    attempts: number,
    requestId: string | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
    this.code = code;
    this.attempts = attempts;
    this.requestId = requestId;
  }
}

/**
 * SES did not send the message, for sure: it refused it (for example `MessageRejected`), kept throttling
 * past the last attempt, or was never reached (see `sesFailureKind`). Sending again cannot make a second email.
 */
export class EmailSendError extends SesSendFailure {
  override readonly name = 'EmailSendError';

  constructor(code: string, detail: string, attempts: number, requestId: string | undefined, cause: unknown) {
    const tries =
      attempts === 0 ? 'before any attempt' : `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
    super(`SES did not send the email (${code}: ${detail}) ${tries}`, code, attempts, requestId, cause);
  }
}

/**
 * SES may have accepted the message: its answer was lost (connection reset, timeout) or was not a
 * refusal (a 5xx, an answer that could not be read). Sending again could deliver it twice.
 */
export class EmailOutcomeUnknownError extends SesSendFailure {
  override readonly name = 'EmailOutcomeUnknownError';

  constructor(code: string, detail: string, attempts: number, requestId: string | undefined, cause: unknown) {
    super(
      `SES may have accepted the email: its answer to attempt ${attempts} was lost or unclear (${code}: ${detail})`,
      code,
      attempts,
      requestId,
      cause,
    );
  }
}

/** What a person does about a period whose email may have gone out unconfirmed. */
const UNCONFIRMED_ADVICE =
  "check SES's sending statistics and ask the recipients, then mark the period sent or resend it with force " +
  '(README, "When the delivery alarm fires")';

/**
 * The period's email may have been sent, and this run cannot tell: SES's answer was lost or unclear
 * (`EmailOutcomeUnknownError` as `cause`). The claim stays, so no run sends the period again without
 * `force`; the message starts with `DELIVERY_UNCONFIRMED`, which raises the delivery alarm.
 */
export class DeliveryUnconfirmedError extends DeliveryError {
  override readonly name = 'DeliveryUnconfirmedError';
  readonly account: string;
  /** `2026-10`, `2026-Q3` or `2026`. */
  readonly period: string;
  /** The delivery record that keeps the claim. */
  readonly key: string;

  constructor(account: string, period: string, key: string, cause: EmailOutcomeUnknownError) {
    super(
      `${DELIVERY_UNCONFIRMED}: SES may have accepted the email for ${account} ${period} (${cause.code}: ` +
        `its answer was lost or unclear). The claim at ${key} is kept, so no run sends it again without ` +
        `force: ${UNCONFIRMED_ADVICE}`,
      { cause },
    );
    this.account = account;
    this.period = period;
    this.key = key;
  }
}

/**
 * Another run holds the period's delivery claim, so this run sent nothing. When the claim is older than
 * the stale threshold (`stale`), the run that made it may have crashed, or lost SES's answer, after SES
 * accepted the message: it is not taken over silently, only `force` sends again, and the message starts
 * with `DELIVERY_UNCONFIRMED`, which raises the delivery alarm.
 */
export class DeliveryInProgressError extends DeliveryError {
  override readonly name = 'DeliveryInProgressError';
  readonly account: string;
  readonly period: string;
  readonly claimedAt: string;
  readonly stale: boolean;

  constructor(account: string, period: string, claimedAt: string, stale: boolean) {
    const what = `${account} ${period}`;
    super(
      stale
        ? `${DELIVERY_UNCONFIRMED}: the email for ${what} was claimed at ${claimedAt} and never marked sent: ` +
            "the run that claimed it lost SES's answer, or may have crashed after SES accepted the message. " +
            `Nothing was sent by this run; ${UNCONFIRMED_ADVICE}`
        : `another delivery of the email for ${what} is in progress (claimed at ${claimedAt}); nothing was sent by this run`,
    );
    this.account = account;
    this.period = period;
    this.claimedAt = claimedAt;
    this.stale = stale;
  }
}

/** SES accepted the message but the record saying so could not be written, or the claim could not be released. */
export class DeliveryRecordError extends DeliveryError {
  override readonly name = 'DeliveryRecordError';
  readonly key: string;

  constructor(key: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.key = key;
  }
}

/** A build whose manifest switch cannot be made safely (S3 gave no ETag, or the manifest kept changing). */
export class ReportBuildError extends DeliveryError {
  override readonly name = 'ReportBuildError';
  /** The manifest's key. */
  readonly key: string;

  constructor(key: string, message: string) {
    super(message);
    this.key = key;
  }
}
