import { setTimeout as delay } from 'node:timers/promises';
import { type SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { errorParts } from '../config';
import { EmailOutcomeUnknownError, EmailSendError } from './errors';
import { sesErrorCode, sesFailureKind } from './ses-outcome';
import { backoffMs, type RetryOptions } from './ses-retry';

/** Options of `sendRawEmail`. */
export interface SendRawEmailOptions {
  /** Made by `createSesClient`, or otherwise with `maxAttempts: 1` (see `sendRawEmail`). */
  ses: SESClient;
  /** The whole MIME message, as `composeReportEmail` builds it. */
  raw: Uint8Array;
  /** The envelope sender (SES `Source`): the account's verified address. */
  from: string;
  /** The envelope recipients (SES `Destinations`). */
  to: string[];
  retry?: RetryOptions;
}

/** What SES answered. */
export interface SentEmail {
  messageId: string;
  /** How many times the message was offered to SES. */
  attempts: number;
}

function requestIdOf(error: unknown): string | undefined {
  const metadata = (error as { $metadata?: { requestId?: string } } | null)?.$metadata;
  return metadata?.requestId;
}

/**
 * Refuses an SES client that retries on its own: the SDK's standard retries repeat a request after a
 * reset connection, a timeout or a 5xx, exactly when SES may already have accepted the message.
 */
async function checkSingleAttemptClient(ses: SESClient): Promise<void> {
  const sdkAttempts = await ses.config.maxAttempts();
  if (sdkAttempts <= 1) return;
  const detail =
    `the SES client makes up to ${sdkAttempts} attempts itself, which could send the email twice after a ` +
    'lost answer; make it with createSesClient or maxAttempts: 1';
  throw new EmailSendError('ClientRetries', detail, 0, undefined, undefined);
}

/**
 * Sends a raw message with SES `SendRawEmail`, retrying throttling with exponential backoff and jitter.
 * Nothing else is retried: after a lost answer or a 5xx, SES may have accepted the message.
 * @throws EmailSendError when SES did not send the message, for sure (a refusal, throttling past the last
 * attempt, SES never reached, or a client that retries on its own); EmailOutcomeUnknownError when it may
 * have (see `sesFailureKind`). Both carry the SES error name or network code as `code` and the SDK
 * error as `cause`.
 */
export async function sendRawEmail(options: SendRawEmailOptions): Promise<SentEmail> {
  const retry = options.retry ?? {};
  const maxAttempts = Math.max(1, retry.maxAttempts ?? 6);
  const sleep = retry.sleep ?? ((ms: number) => delay(ms));
  await checkSingleAttemptClient(options.ses);
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await options.ses.send(
        new SendRawEmailCommand({
          RawMessage: { Data: options.raw },
          Source: options.from,
          Destinations: options.to,
        }),
      );
      // SES always answers with an id; should one ever be missing, the message was still accepted.
      return { messageId: answer.MessageId ?? 'unknown', attempts: attempt };
    } catch (error) {
      const kind = sesFailureKind(error);
      if (kind === 'throttled' && attempt < maxAttempts) {
        await sleep(backoffMs(attempt - 1, retry));
        continue;
      }
      const Failure = kind === 'unknown' ? EmailOutcomeUnknownError : EmailSendError;
      // The first line: an answer the SDK could not read comes with a paragraph about its hidden fields.
      const detail = errorParts(error).message.split('\n')[0]!;
      throw new Failure(sesErrorCode(error), detail, attempt, requestIdOf(error), error);
    }
  }
}
