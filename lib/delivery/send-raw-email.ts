import { setTimeout as delay } from 'node:timers/promises';
import { type SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { errorParts, fullJitterMs } from '../config';
import { EmailOutcomeUnknownError, EmailSendError } from './errors';
import { errorNameOf, httpStatusOf } from './s3-objects';

/** How `sendRawEmail` retries throttling: full jitter, the first wait up to 500 ms, doubling up to 20 s. */
export interface RetryOptions {
  /** Attempts in all, the first included. @default 6 */
  maxAttempts?: number;
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for jitter. @default Math.random */
  random?: () => number;
}

/** `throttled`: may be accepted later; `refused`: not sent, for sure; `unknown`: SES may have accepted it. */
export type SesFailureKind = 'throttled' | 'refused' | 'unknown';

const THROTTLING_NAMES = new Set(['Throttling', 'ThrottlingException', 'TooManyRequestsException']);

/**
 * Whether the SDK read SES's error code from the answer. An answer not in SES's format (a proxy's HTML
 * page, an empty body) is still an error with `$fault` by status, but named `Unknown` (`NotFound` for a
 * 404) with no code in its `Error`; one it could not parse at all is a plain `Error`.
 */
function namedBySes(error: unknown): boolean {
  if (['Error', 'Unknown'].includes(errorNameOf(error))) return false;
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
 * Sending again after an unclear failure could deliver the email twice, so when in doubt it is `unknown`
 * and a person checks. Only an error answer in SES's own format is a refusal: SES checks the message,
 * the domains, the account and the signature before it accepts.
 */
export function sesFailureKind(error: unknown): SesFailureKind {
  const message = error instanceof Error ? error.message : '';
  // No connection was made, or no credentials to sign with: not a byte reached SES.
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'CredentialsProviderError'].includes(sesErrorCode(error))) {
    return 'refused';
  }
  // A reset or a timeout lost the answer, a 5xx may follow acceptance, and an answer not in SES's format
  // (or none it could read) may come from anything between, such as a proxy.
  if ((error as { $fault?: unknown } | null)?.$fault !== 'client' || !namedBySes(error)) return 'unknown';
  // Lasts until the quota's window rolls over.
  if (/daily message quota exceeded/i.test(message)) return 'refused';
  if (httpStatusOf(error) === 429 || THROTTLING_NAMES.has(errorNameOf(error))) return 'throttled';
  return /maximum sending rate exceeded/i.test(message) ? 'throttled' : 'refused';
}

/**
 * Sends a raw message with SES `SendRawEmail`, retrying throttling with exponential backoff and jitter,
 * and answers with SES's message id and how many times the message was offered.
 * Nothing else is retried: after a lost answer or a 5xx, SES may have accepted the message.
 * @throws EmailSendError when SES did not send it, for sure, or the client retries on its own;
 * EmailOutcomeUnknownError when it may have (see `sesFailureKind`)
 */
export async function sendRawEmail(options: {
  /** Made by `createSesClient`, or otherwise with `maxAttempts: 1`. */
  ses: SESClient;
  raw: Uint8Array;
  /** The envelope sender (SES `Source`) and recipients (`Destinations`). */
  from: string;
  to: string[];
  retry?: RetryOptions;
}): Promise<{ messageId: string; attempts: number }> {
  const { ses, retry = {} } = options;
  const maxAttempts = Math.max(1, retry.maxAttempts ?? 6);
  const input = { RawMessage: { Data: options.raw }, Source: options.from, Destinations: options.to };
  // The SDK's standard retries repeat a request after a reset, a timeout or a 5xx: exactly when SES may
  // already have accepted the message.
  const sdkAttempts = await ses.config.maxAttempts();
  if (sdkAttempts > 1) {
    const detail =
      `the SES client makes up to ${sdkAttempts} attempts itself, which could send the email twice after a ` +
      'lost answer; make it with createSesClient or maxAttempts: 1';
    throw new EmailSendError('ClientRetries', detail, 0, undefined, undefined);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await ses.send(new SendRawEmailCommand(input));
      // SES always answers with an id; should one ever be missing, the message was still accepted.
      return { messageId: answer.MessageId ?? 'unknown', attempts: attempt };
    } catch (error) {
      const kind = sesFailureKind(error);
      if (kind === 'throttled' && attempt < maxAttempts) {
        await (retry.sleep ?? delay)(fullJitterMs(attempt - 1, 500, 20_000, retry.random ?? Math.random));
        continue;
      }
      const Failure = kind === 'unknown' ? EmailOutcomeUnknownError : EmailSendError;
      // The first line: an answer the SDK could not read comes with a paragraph about its hidden fields.
      const detail = errorParts(error).message.split('\n')[0]!;
      const requestId = (error as { $metadata?: { requestId?: string } } | null)?.$metadata?.requestId;
      throw new Failure(sesErrorCode(error), detail, attempt, requestId, error);
    }
  }
}
