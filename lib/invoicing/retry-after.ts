/**
 * Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3): either a number of seconds or an HTTP date.
 * Returns the wait in milliseconds (0 for a date already past), or `undefined` when the header is
 * absent or unreadable.
 *
 * @example parseRetryAfter('120', Date.now()) // 120000
 * @example parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z')) // 60000
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // An HTTP date always names a weekday or month, so a bare number or garbage never reaches Date.parse.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
