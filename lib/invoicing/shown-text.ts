import type * as z from 'zod';
import { fieldIssues, issueText } from '../config';
import { redactSecret } from './redact-secret';
import type { HeaderReader } from './send-request';

/** Longest body excerpt an error carries: enough to recognise an HTML error page or a JSON message. */
export const BODY_EXCERPT_LENGTH = 200;

/** Longest body an excerpt is taken from, whole (no part of the secret survives the cut). */
export const EXCERPT_SOURCE_LENGTH = 64 * 1024;

// C0 controls but the whitespace ones (tab to carriage return), and DEL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what is dropped.
const CONTROL_CHARACTERS = /[\x00-\x08\x0e-\x1f\x7f]/g;

/** A one-line excerpt of a body, the secret redacted before the cut; `undefined` if too long. */
export function bodyExcerpt(body: string, secret?: string): string | undefined {
  if (body.length > EXCERPT_SOURCE_LENGTH) return undefined;
  // Controls go first: a UTF-16 page read as UTF-8 writes the key with a NUL after each character. The
  // key holds no controls or whitespace, so neither step can join or split an occurrence.
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

/** Letters, digits and a little punctuation (uuids, base64, `req-42`). */
const REQUEST_ID = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** Longest header value (content type, redirect origin) shown in a message. */
const HEADER_SHOWN_LENGTH = 100;

/** The `X-Request-Id` if it reads as an id without the key: the API passes it on, never cleaned. */
export function requestIdOf(headers: HeaderReader, apiKey: string | undefined): string | undefined {
  const id = headers.get('x-request-id')?.trim();
  if (!id || !REQUEST_ID.test(id) || redactSecret(id, apiKey) !== id) return undefined;
  return id;
}

/** Where a redirect leads: an http(s) `Location`'s origin (a path may carry anything). */
export function redirectTargetOf(headers: HeaderReader, apiKey: string | undefined): string {
  const location = headers.get('location')?.trim() ?? '';
  if (!URL.canParse(location)) return 'another address';
  const { protocol, origin } = new URL(location);
  if (protocol !== 'http:' && protocol !== 'https:') return 'another address';
  return shortened(redactSecret(origin, apiKey), HEADER_SHOWN_LENGTH);
}

/** The answer's `Content-Type` for a message: printable ASCII, the key redacted, cut short. */
export function contentTypeOf(headers: HeaderReader, apiKey: string | undefined): string {
  const value = headers.get('content-type')?.trim();
  if (!value) return 'no content type';
  if (!/^[\x20-\x7e]*$/.test(value)) return 'an unreadable content type';
  return shortened(redactSecret(value, apiKey), HEADER_SHOWN_LENGTH);
}

/** Longest key of a path shown; record keys are the service's text, and could be anything. */
const KEY_SHOWN_LENGTH = 60;

/**
 * Each issue as `path: problem` under `root` (`data[3].payment.amount: expected a number`), an unknown key
 * as `offset: not accepted here`; a key the service chose is stripped of `secret` and cut short.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], root = '', secret?: string): string[] {
  const showKey = (key: string) =>
    key.length > EXCERPT_SOURCE_LENGTH
      ? `<a key of ${key.length} characters>`
      : shortened(redactSecret(key, secret), KEY_SHOWN_LENGTH);
  return fieldIssues(issues, { root, unknownKey: 'not accepted here', plainTypes: true, showKey }).map(
    (issue) => issueText(issue, 'value'),
  );
}

/** The first few issues, joined for a message. */
export function summariseIssues(lines: readonly string[], shown = 3): string {
  const more = lines.length > shown ? ` (and ${lines.length - shown} more)` : '';
  return `${lines.slice(0, shown).join('; ')}${more}`;
}
