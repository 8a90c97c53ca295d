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

  constructor(sizeBytes: number, maxBytes: number) {
    super(`the email is ${sizeBytes} bytes without attachments, over the limit of ${maxBytes} bytes`);
  }
}

/** Words that start every error saying a period's email may have gone out unconfirmed; an alarm watches for them. */
export const DELIVERY_UNCONFIRMED = 'delivery unconfirmed';

/**
 * `SendRawEmail` did not end in an acceptance: `refused`, for sure, so sending again cannot make a second
 * email, or `unknown` (named `EmailOutcomeUnknownError`): SES may have accepted it (see `sesFailureKind`).
 * `code` is SES's error name (`MessageRejected`) or the network code (`ECONNRESET`); `attempts` how many
 * times the message was offered.
 */
export class EmailSendError extends DeliveryError {
  override readonly name: string;

  constructor(
    readonly outcome: 'refused' | 'unknown',
    readonly code: string,
    detail: string,
    readonly attempts: number,
    readonly requestId: string | undefined,
    cause: unknown,
  ) {
    const tries =
      attempts === 0 ? 'before any attempt' : `after ${attempts} attempt${attempts === 1 ? '' : 's'}`;
    super(
      outcome === 'refused'
        ? `SES did not send the email (${code}: ${detail}) ${tries}`
        : `SES may have accepted the email: its answer to attempt ${attempts} was lost or unclear (${code}: ${detail})`,
      { cause },
    );
    this.name = outcome === 'refused' ? 'EmailSendError' : 'EmailOutcomeUnknownError';
  }
}

const UNCONFIRMED_ADVICE =
  "check SES's sending statistics and ask the recipients, then mark the period sent or resend it with force " +
  '(docs/operations.md, "When the delivery alarm fires")';

/** SES may have accepted the period's email and this run cannot tell; its claim stays, so no run sends again. */
export class DeliveryUnconfirmedError extends DeliveryError {
  override readonly name = 'DeliveryUnconfirmedError';

  constructor(account: string, period: string, key: string, cause: EmailSendError) {
    super(
      `${DELIVERY_UNCONFIRMED}: SES may have accepted the email for ${account} ${period} (${cause.code}: ` +
        `its answer was lost or unclear). The claim at ${key} is kept, so no run sends it again without ` +
        `force: ${UNCONFIRMED_ADVICE}`,
      { cause },
    );
  }
}

/** Another run holds the period's claim, so this run sent nothing; a `stale` claim is not taken over. */
export class DeliveryInProgressError extends DeliveryError {
  override readonly name = 'DeliveryInProgressError';

  constructor(
    what: string,
    readonly claimedAt: string,
    readonly stale: boolean,
  ) {
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
