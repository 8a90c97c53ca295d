/**
 * The wait before retry number `retry` (0 for the first): "full jitter", a uniform pick in
 * [0, min(capMs, baseMs × 2^retry)), so runs throttled together do not retry together.
 */
export function fullJitterMs(retry: number, baseMs: number, capMs: number, random: () => number): number {
  return Math.floor(random() * Math.min(capMs, baseMs * 2 ** retry));
}
