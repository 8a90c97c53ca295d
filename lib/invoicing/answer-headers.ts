import { shortened } from './body-excerpt';
import { redactSecret } from './redact-secret';
import type { HeaderReader } from './transport';

/** What a request id looks like: letters, digits and a little punctuation (uuids, base64, `req-42`). */
const REQUEST_ID = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** Longest content type shown in a message. */
const CONTENT_TYPE_LENGTH = 100;

/**
 * The service's request id (`X-Request-Id`), when it sent one that reads as an id and holds no form of
 * the key. An id is the one piece of the service's text that the report API passes on, so anything
 * else it might carry is dropped rather than cleaned.
 */
export function requestIdOf(headers: HeaderReader, apiKey: string | undefined): string | undefined {
  const id = headers.get('x-request-id')?.trim();
  if (!id || !REQUEST_ID.test(id) || redactSecret(id, apiKey) !== id) return undefined;
  return id;
}

/**
 * Where a redirect leads, for a message: the origin of an absolute http(s) `Location` (no path, query or
 * credentials, which could carry anything, the key redacted all the same), or `another address` for a
 * relative or unreadable one. The client follows no redirect; the message lets the merchant see whether
 * the service moved (`http://` to `https://`, a new host) and configure that URL.
 */
export function redirectTargetOf(headers: HeaderReader, apiKey: string | undefined): string {
  const location = headers.get('location')?.trim() ?? '';
  if (!URL.canParse(location)) return 'another address';
  const { protocol, origin } = new URL(location);
  if (protocol !== 'http:' && protocol !== 'https:') return 'another address';
  return shortened(redactSecret(origin, apiKey), CONTENT_TYPE_LENGTH);
}

/**
 * The answer's `Content-Type` for a message: printable ASCII, the key redacted, cut short, or `no content
 * type`.
 */
export function contentTypeOf(headers: HeaderReader, apiKey: string | undefined): string {
  const value = headers.get('content-type')?.trim();
  if (!value) return 'no content type';
  if (!/^[\x20-\x7e]*$/.test(value)) return 'an unreadable content type';
  return shortened(redactSecret(value, apiKey), CONTENT_TYPE_LENGTH);
}
