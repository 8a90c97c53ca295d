/** Errors of `lib/delivery`: each keeps its cause and carries context (key, account, SES code), never a secret. */
export class DeliveryError extends Error {
  // A literal in every class here: a minified bundle renames classes, so `new.target.name` would be mangled.
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

  constructor(
    readonly sizeBytes: number,
    readonly maxBytes: number,
  ) {
    super(`the email is ${sizeBytes} bytes without attachments, over the limit of ${maxBytes} bytes`);
  }
}

/** Words that start every error saying a period's email may have gone out unconfirmed; an alarm watches for them. */
export const DELIVERY_UNCONFIRMED = 'delivery unconfirmed';

/**
 * `SendRawEmail` did not end in an acceptance. `code` is SES's error name (`MessageRejected`, `Throttling`)
 * or the network code (`ECONNRESET`); `attempts` how many times the message was offered.
 */
abstract class SesSendFailure extends DeliveryError {
  constructor(
    message: string,
    readonly code: string,
    readonly attempts: number,
    readonly requestId: string | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
  }
}

/** SES did not send the message, for sure (see `sesFailureKind`): sending again cannot make a second email. */
export class EmailSendError extends SesSendFailure {
  override readonly name = 'EmailSendError';

  constructor(code: string, detail: string, attempts: number, requestId: string | undefined, cause: unknown) {
    const tries =
      attempts === 0 ? 'before any attempt' : `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
    super(`SES did not send the email (${code}: ${detail}) ${tries}`, code, attempts, requestId, cause);
  }
}

/** SES may have accepted the message (its answer was lost or not a refusal): sending again could send twice. */
export class EmailOutcomeUnknownError extends SesSendFailure {
  override readonly name = 'EmailOutcomeUnknownError';

  constructor(code: string, detail: string, attempts: number, requestId: string | undefined, cause: unknown) {
    const message = `SES may have accepted the email: its answer to attempt ${attempts} was lost or unclear (${code}: ${detail})`;
    super(message, code, attempts, requestId, cause);
  }
}

const UNCONFIRMED_ADVICE =
  "check SES's sending statistics and ask the recipients, then mark the period sent or resend it with force " +
  '(docs/operations.md, "When the delivery alarm fires")';

/**
 * The period's email may have been sent and this run cannot tell. The claim at `key` stays, so no run sends
 * again without `force`; the message starts with `DELIVERY_UNCONFIRMED`, which raises the delivery alarm.
 */
export class DeliveryUnconfirmedError extends DeliveryError {
  override readonly name = 'DeliveryUnconfirmedError';

  constructor(
    readonly account: string,
    readonly period: string,
    readonly key: string,
    cause: EmailOutcomeUnknownError,
  ) {
    super(
      `${DELIVERY_UNCONFIRMED}: SES may have accepted the email for ${account} ${period} (${cause.code}: ` +
        `its answer was lost or unclear). The claim at ${key} is kept, so no run sends it again without ` +
        `force: ${UNCONFIRMED_ADVICE}`,
      { cause },
    );
  }
}

/**
 * Another run holds the period's claim, so this run sent nothing. A `stale` claim's run may have crashed
 * after SES accepted the message: it is not taken over, and the message starts with `DELIVERY_UNCONFIRMED`.
 */
export class DeliveryInProgressError extends DeliveryError {
  override readonly name = 'DeliveryInProgressError';

  constructor(
    readonly account: string,
    readonly period: string,
    readonly claimedAt: string,
    readonly stale: boolean,
  ) {
    const what = `${account} ${period}`;
    super(
      stale
        ? `${DELIVERY_UNCONFIRMED}: the email for ${what} was claimed at ${claimedAt} and never marked sent: ` +
            "the run that claimed it lost SES's answer, or may have crashed after SES accepted the message. " +
            `Nothing was sent by this run; ${UNCONFIRMED_ADVICE}`
        : `another delivery of the email for ${what} is in progress (claimed at ${claimedAt}); nothing was sent by this run`,
    );
  }
}

/** An error about the S3 object at `key`. */
abstract class ObjectError extends DeliveryError {
  constructor(
    readonly key: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A stored JSON object (manifest or delivery record) that does not have the expected shape. */
export class CorruptObjectError extends ObjectError {
  override readonly name = 'CorruptObjectError';

  constructor(key: string, detail: string, options?: { cause?: unknown }) {
    super(key, `s3 object ${key} is not valid: ${detail}`, options);
  }
}

/** SES accepted the message but the record saying so could not be written, or the claim could not be released. */
export class DeliveryRecordError extends ObjectError {
  override readonly name = 'DeliveryRecordError';
}

/** A build whose manifest switch cannot be made safely (no ETag, or the manifest kept vanishing). */
export class ReportBuildError extends ObjectError {
  override readonly name = 'ReportBuildError';
}
