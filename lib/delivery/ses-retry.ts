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

/**
 * The wait before retry number `retry` (0 for the first): "full jitter", a random share of
 * `baseDelayMs * 2^retry` capped at `maxDelayMs`, so runs throttled together do not retry together.
 */
export function backoffMs(retry: number, options: RetryOptions = {}): number {
  const base = options.baseDelayMs ?? 500;
  const cap = options.maxDelayMs ?? 20_000;
  const random = options.random ?? Math.random;
  return Math.floor(random() * Math.min(cap, base * 2 ** retry));
}
