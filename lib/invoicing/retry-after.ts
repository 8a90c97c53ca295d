/** The last instant a JavaScript `Date` can hold, in ms since the epoch (year 275760). */
const LAST_DATE_MS = 8.64e15;

/**
 * Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3): either a number of seconds or an HTTP date.
 * Returns the wait in milliseconds (0 for a date already past), `undefined` when the header is absent or
 * unreadable, and `Infinity` for a number of seconds that ends beyond any date (a 21-digit one), which
 * no caller can wait for or print as a time.
 *
 * @example parseRetryAfter('120', Date.now()) // 120000
 * @example parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z')) // 60000
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const waitMs = Math.ceil(Number(text) * 1000);
    return nowMs + waitMs > LAST_DATE_MS ? Number.POSITIVE_INFINITY : waitMs;
  }
  // An HTTP date always names a weekday or month, so a bare number or garbage never reaches Date.parse.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
