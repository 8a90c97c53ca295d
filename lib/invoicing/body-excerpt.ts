import { redactSecret } from './redact-secret';

/** Longest body excerpt an error carries: enough to recognise an HTML error page or a JSON message. */
export const BODY_EXCERPT_LENGTH = 200;

/**
 * Longest body an excerpt is taken from. The secret is looked for in the whole body before it is cut, so
 * that no part of it survives at the cut; a longer body is not shown at all.
 */
export const EXCERPT_SOURCE_LENGTH = 64 * 1024;

/** C0 controls but the whitespace ones (tab to carriage return), and DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is dropped.
const CONTROL_CHARACTERS = /[\x00-\x08\x0e-\x1f\x7f]/g;

/**
 * A short, single-line excerpt of a response body for an error: control characters dropped, the secret
 * redacted in every form (see {@link redactSecret}) before anything is cut, whitespace collapsed, at most
 * {@link BODY_EXCERPT_LENGTH} characters with an ellipsis when longer. `undefined` for a body longer than
 * {@link EXCERPT_SOURCE_LENGTH}.
 *
 * @example bodyExcerpt('<html>\n  <body>Bad gateway</body>\n</html>') // '<html> <body>Bad gateway</body> </html>'
 */
export function bodyExcerpt(body: string, secret?: string): string | undefined {
  if (body.length > EXCERPT_SOURCE_LENGTH) return undefined;
  // Control characters go before the secret is looked for: a page in UTF-16, read as UTF-8, writes the
  // key with a NUL after each character, which no terminal shows. The key holds none, nor whitespace, so
  // taking them out and collapsing whitespace can neither join nor split an occurrence.
  const collapsed = redactSecret(body.replace(CONTROL_CHARACTERS, ''), secret).replace(/\s+/g, ' ').trim();
  return shortened(collapsed, BODY_EXCERPT_LENGTH);
}

/** `text` cut to at most `length` characters, the last one an ellipsis when cut, no emoji split in half. */
export function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  let cut = length - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut -= 1;
  return `${text.slice(0, cut)}…`;
}
