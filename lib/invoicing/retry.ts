import { fullJitterMs } from '../config';
import {
  InvoicingNetworkError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
} from './errors';

/** How a client retries. */
export interface RetryPolicy {
  /** Further attempts after the first. */
  maxRetries: number;
  /** Longest wait between attempts. A 429 asking for longer fails at once. */
  maxRetryDelayMs: number;
  /** First backoff ceiling; doubled on each further attempt. */
  baseDelayMs: number;
  /** A number in [0, 1) for the jitter. */
  random: () => number;
}

/**
 * Whether a failed attempt is worth another: a 429, a 5xx, a network error or a timeout, while
 * attempts remain. A 429 whose `Retry-After` is beyond `maxRetryDelayMs` is not retried, so the
 * caller learns at once when to come back instead of hammering the service.
 *
 * @param attempt how many retries were made already (0 after the first attempt).
 */
export function shouldRetry(error: unknown, attempt: number, policy: RetryPolicy): boolean {
  if (attempt >= policy.maxRetries) return false;
  if (error instanceof InvoicingRateLimitError) {
    return error.retryAfterMs === undefined || error.retryAfterMs <= policy.maxRetryDelayMs;
  }
  return (
    error instanceof InvoicingServerError ||
    error instanceof InvoicingNetworkError ||
    error instanceof InvoicingTimeoutError
  );
}

/**
 * The wait before retry number `attempt` (0-based): what `Retry-After` asked for when the service
 * sent it, otherwise exponential backoff with full jitter (a uniform pick in
 * [0, min(maxRetryDelayMs, baseDelayMs × 2^attempt))), never above `maxRetryDelayMs`.
 */
export function backoffMs(attempt: number, retryAfterMs: number | undefined, policy: RetryPolicy): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxRetryDelayMs);
  return fullJitterMs(attempt, policy.baseDelayMs, policy.maxRetryDelayMs, policy.random);
}

/** The `Retry-After` an error carries, if any. */
export function retryAfterOf(error: unknown): number | undefined {
  if (error instanceof InvoicingRateLimitError || error instanceof InvoicingServerError)
    return error.retryAfterMs;
  return undefined;
}
