import { fullJitterMs } from '../config';

/** How `sendRawEmail` retries. */
export interface RetryOptions {
  /** Attempts in all, the first included. @default 6 */
  maxAttempts?: number;
  /** The first retry waits up to this long; each further retry doubles it. @default 500 */
  baseDelayMs?: number;
  /** The longest wait between attempts. @default 20000 */
  maxDelayMs?: number;
  /** Waits; tests pass one that records the delays and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** A number in [0, 1) for jitter. @default Math.random */
  random?: () => number;
}

/** The wait before retry number `retry` (0 for the first): full jitter with the options' defaults. */
export function backoffMs(retry: number, options: RetryOptions = {}): number {
  return fullJitterMs(
    retry,
    options.baseDelayMs ?? 500,
    options.maxDelayMs ?? 20_000,
    options.random ?? Math.random,
  );
}
