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
 * The wait before retry `attempt` (0-based) after `error`, or `undefined` when none is worth it: a 429, 5xx,
 * network error or timeout is retried `maxRetries` times. The wait is the `Retry-After` asked for, otherwise
 * full jitter in [0, min(maxRetryDelayMs, baseDelayMs × 2^attempt)); never above `maxRetryDelayMs`, and a
 * 429 asking for longer fails at once, so the caller learns when to come back.
 */
export function retryDelayMs(error: unknown, attempt: number, policy: RetryPolicy): number | undefined {
  if (attempt >= policy.maxRetries) return undefined;
  const jitter = () => fullJitterMs(attempt, policy.baseDelayMs, policy.maxRetryDelayMs, policy.random);
  if (error instanceof InvoicingRateLimitError || error instanceof InvoicingServerError) {
    const asked = error.retryAfterMs;
    if (asked === undefined) return jitter();
    if (error instanceof InvoicingRateLimitError && asked > policy.maxRetryDelayMs) return undefined;
    return Math.min(asked, policy.maxRetryDelayMs);
  }
  return error instanceof InvoicingNetworkError || error instanceof InvoicingTimeoutError
    ? jitter()
    : undefined;
}
