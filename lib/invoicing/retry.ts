import { fullJitterMs } from '../config';
import {
  InvoicingNetworkError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
} from './errors';

/** How a client retries: `maxRetries` after the first attempt, waits doubling from `baseDelayMs`. */
export interface RetryPolicy {
  maxRetries: number;
  /** Longest wait between attempts. A 429 asking for longer fails at once. */
  maxRetryDelayMs: number;
  baseDelayMs: number;
  /** A number in [0, 1) for the jitter. */
  random: () => number;
}

/**
 * Whether a 429, 5xx, network error or timeout is worth another attempt after `attempt` retries; not a 429
 * asking to wait beyond `maxRetryDelayMs`, so the caller learns at once when to come back.
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
 * The wait before retry `attempt` (0-based): the `Retry-After` asked for, otherwise full jitter in
 * [0, min(maxRetryDelayMs, baseDelayMs × 2^attempt)); never above `maxRetryDelayMs`.
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
