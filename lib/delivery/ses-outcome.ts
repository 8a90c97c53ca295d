import { errorNameOf, httpStatusOf } from './s3-objects';

/**
 * What a failed `SendRawEmail` call says about the message:
 *
 * - `throttled`: SES refused it for now; the same message may be accepted later (retried with backoff).
 * - `refused`: SES did not send it, for sure: it answered with a refusal, or the request never reached it.
 * - `unknown`: SES may have accepted it: the answer was lost, or it was not a refusal.
 */
export type SesFailureKind = 'throttled' | 'refused' | 'unknown';

const THROTTLING_NAMES = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException']);

/** Errors raised before a byte reached SES: no connection was made, or no credentials to sign with. */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'CredentialsProviderError']);

/** The names the SDK gives an error answer without SES's error code in it (an HTML page, an empty body). */
const UNNAMED_ANSWERS = new Set(['Error', 'Unknown']);

/**
 * Whether the error names what SES said went wrong: the SDK read SES's error code from the answer. An
 * answer not in SES's error format (a proxy's HTML page, an empty body) the SDK still makes into an
 * error, with `$fault` by status, but named `Unknown` (`NotFound` for a 404) and with no code in its
 * `Error`; one it could not parse at all is a plain `Error`.
 */
function namedBySes(error: unknown): boolean {
  if (UNNAMED_ANSWERS.has(errorNameOf(error))) return false;
  const answer = (error as { Error?: { Code?: unknown } } | null)?.Error;
  return answer === undefined || (typeof answer.Code === 'string' && answer.Code !== '');
}

/**
 * A network error's code (`ECONNRESET`), else the SES error name (the SDK names a reset `TimeoutError`);
 * an answer without SES's error code in it is told by its status (`HTTP 403`).
 */
export function sesErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') return code;
  const status = httpStatusOf(error);
  return status !== undefined && !namedBySes(error) ? `HTTP ${status}` : errorNameOf(error);
}

/**
 * Whether SES answered with an error of the client's fault: the SDK read an error in SES's own format
 * from a 4xx answer. A 5xx is the server's fault; a network error has no fault at all; and a 4xx not in
 * SES's format may come from anything between (a proxy, a load balancer) and says nothing for sure.
 */
function isRefusalAnswer(error: unknown): boolean {
  return (error as { $fault?: unknown } | null)?.$fault === 'client' && namedBySes(error);
}

/**
 * Sorts a `SendRawEmail` failure into definite (the message was not sent) and unclear (it may have
 * been). Sending again after an unclear failure could deliver the email twice, so when in doubt it is
 * `unknown`: a person then checks, rather than the recipients getting two emails.
 *
 * | what happened                                                                   | kind        |
 * | ------------------------------------------------------------------------------- | ----------- |
 * | `Throttling`, `ThrottlingException`, "Maximum sending rate exceeded", HTTP 429  | `throttled` |
 * | "Daily message quota exceeded" (lasts until the quota's window rolls over)      | `refused`   |
 * | any other error answer of SES (a 4xx): `MessageRejected`,                       | `refused`   |
 * | `MailFromDomainNotVerifiedException`, `AccountSendingPausedException`,          |             |
 * | `ConfigurationSetDoesNotExist`, `InvalidParameterValue`, `AccessDenied`,        |             |
 * | `SignatureDoesNotMatch`, `ExpiredToken`... (SES checks these before it accepts) |             |
 * | no connection (`ECONNREFUSED`, `ENOTFOUND`, `EAI_AGAIN`), no credentials        | `refused`   |
 * | connection reset, timeout (`ECONNRESET`, `ETIMEDOUT`, `EPIPE`, `TimeoutError`)  | `unknown`   |
 * | any 5xx (`InternalFailure`, `ServiceUnavailable`): it may follow acceptance     | `unknown`   |
 * | an answer that could not be read (even a 2xx), a 4xx not in SES's error format  | `unknown`   |
 * | (an HTML page, an empty body: a 403 or a 429 too; the SDK names it `Unknown`)   |             |
 * | anything else                                                                   | `unknown`   |
 */
export function sesFailureKind(error: unknown): SesFailureKind {
  const message = error instanceof Error ? error.message : '';
  if (NEVER_SENT_CODES.has(sesErrorCode(error))) return 'refused';
  if (!isRefusalAnswer(error)) return 'unknown';
  if (/daily message quota exceeded/i.test(message)) return 'refused';
  if (httpStatusOf(error) === 429 || THROTTLING_NAMES.has(errorNameOf(error))) return 'throttled';
  if (/maximum sending rate exceeded/i.test(message)) return 'throttled';
  return 'refused';
}
