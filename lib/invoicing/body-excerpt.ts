/** Longest body excerpt an error carries: enough to recognise an HTML error page or a JSON message. */
export const BODY_EXCERPT_LENGTH = 200;

const REDACTED = '[redacted]';

/** Secrets at least this long are removed wherever they appear; a shorter one could be part of a word. */
const ALWAYS_REDACTED_LENGTH = 12;

/**
 * Removes `secret` from `text`. The service's failure answers are not shown in the spec, and some
 * services echo the request (headers included) back in an error page.
 *
 * A long secret goes wherever it appears. A short one (a test key such as `x`) goes only where it stands
 * on its own, not inside a longer run of letters and digits, so a message about `expected` stays legible.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret) return text;
  if (secret.length >= ALWAYS_REDACTED_LENGTH) return text.split(secret).join(REDACTED);
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`, 'g'), REDACTED);
}

/**
 * A short, single-line excerpt of a response body for an error: whitespace collapsed, the secret
 * redacted before cutting (so that no prefix of it survives the cut), at most
 * {@link BODY_EXCERPT_LENGTH} characters with an ellipsis when longer.
 *
 * @example bodyExcerpt('<html>\n  <body>Bad gateway</body>\n</html>') // '<html> <body>Bad gateway</body> </html>'
 */
export function bodyExcerpt(body: string, secret?: string): string {
  const collapsed = redactSecret(redactSecret(body, secret).replace(/\s+/g, ' ').trim(), secret);
  if (collapsed.length <= BODY_EXCERPT_LENGTH) return collapsed;
  let cut = BODY_EXCERPT_LENGTH - 1;
  // Never split a surrogate pair (an emoji) in half.
  if (/[\uD800-\uDBFF]/.test(collapsed.charAt(cut - 1))) cut -= 1;
  return `${collapsed.slice(0, cut)}…`;
}
