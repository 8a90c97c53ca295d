import { setTimeout as delay } from 'node:timers/promises';
import { type SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { errorParts } from '../describe-error';
import { EmailSendError } from './errors';
import { errorNameOf } from './s3-objects';
import { backoffMs, isRetryableSesError, type RetryOptions } from './ses-retry';

/** Options of `sendRawEmail`. */
export interface SendRawEmailOptions {
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
 * Sends a raw message with SES `SendRawEmail`, retrying throttling, 429 and 5xx with exponential backoff
 * and jitter. Any other error (such as `MessageRejected`) is thrown at once.
 * @throws EmailSendError with the SES error name as `code` and the SDK error as `cause`
 */
export async function sendRawEmail(options: SendRawEmailOptions): Promise<SentEmail> {
  const retry = options.retry ?? {};
  const maxAttempts = Math.max(1, retry.maxAttempts ?? 6);
  const sleep = retry.sleep ?? ((ms: number) => delay(ms));
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
      if (attempt >= maxAttempts || !isRetryableSesError(error)) {
        const detail = errorParts(error).message;
        throw new EmailSendError(errorNameOf(error), detail, attempt, requestIdOf(error), error);
      }
      await sleep(backoffMs(attempt - 1, retry));
    }
  }
}
