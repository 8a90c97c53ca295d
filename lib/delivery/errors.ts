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

/** SES refused the message for good (for example `MessageRejected`), or kept throttling past the last attempt. */
export class EmailSendError extends DeliveryError {
  override readonly name = 'EmailSendError';
  /** The SES error name, such as `MessageRejected` or `Throttling`. */
  readonly code: string;
  /** How many times the message was offered to SES. */
  readonly attempts: number;
  readonly requestId: string | undefined;

  constructor(code: string, detail: string, attempts: number, requestId: string | undefined, cause: unknown) {
    const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
    super(`SES did not send the email (${code}: ${detail}) after ${tries}`, { cause });
    this.code = code;
    this.attempts = attempts;
    this.requestId = requestId;
  }
}

/**
 * Another run holds the period's delivery claim, so this run sent nothing. When the claim is older than
 * the stale threshold (`stale`), the run that made it may have crashed after SES accepted the message:
 * it is not taken over silently, and only `force` sends again.
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
        ? `the email for ${what} was claimed at ${claimedAt} and never marked sent: the run that claimed it may ` +
            'have crashed after SES accepted the message. Nothing was sent by this run; check whether the ' +
            'recipients got it and pass force to send it again'
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
