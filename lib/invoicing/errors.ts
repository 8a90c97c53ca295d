import type * as z from 'zod';
import { fieldIssues, issueText } from '../config';
import { redactSecret } from './redact-secret';
import type { HeaderReader } from './send-request';

type ErrorDetails = Partial<
  Pick<InvoicingApiError, 'endpoint' | 'status' | 'bodyExcerpt' | 'requestId' | 'cause'>
>;

/**
 * Base of every error the client throws (`InvoicingAuthenticationError` a wrong key,
 * `InvoicingParameterError` the caller's mistake, the others the service's or network's fault), with what
 * it knows of the call and never the API key: at most ~200 characters of the answer, the key redacted in
 * every form. A subclass's own fields (`Extra`) come in `details` too.
 */
export class InvoicingApiError<Extra extends object = object> extends Error {
  override readonly name: string = 'InvoicingApiError';
  declare readonly endpoint: string | undefined;
  declare readonly status: number | undefined;
  declare readonly bodyExcerpt: string | undefined;
  declare readonly requestId: string | undefined;

  constructor(message: string, { cause, ...details }: ErrorDetails & Extra = {} as Extra) {
    super(message, cause === undefined ? undefined : { cause });
    Object.assign(this, details);
  }
}

/** HTTP 401 or 403. Not retried. */
export class InvoicingAuthenticationError extends InvoicingApiError {
  override readonly name = 'InvoicingAuthenticationError';
}

/** HTTP 429. Retried unless `Retry-After` (`retryAfterMs`, at `retryAt`) asks to wait longer than allowed. */
export class InvoicingRateLimitError extends InvoicingApiError<{ retryAfterMs?: number; retryAt?: Date }> {
  override readonly name = 'InvoicingRateLimitError';
  declare readonly retryAfterMs: number | undefined;
  declare readonly retryAt: Date | undefined;
}

/** HTTP 5xx, with any `Retry-After` (common with 503). Retried. */
export class InvoicingServerError extends InvoicingApiError<{ retryAfterMs?: number }> {
  override readonly name = 'InvoicingServerError';
  declare readonly retryAfterMs: number | undefined;
}

/** An answer outside the protocol (not HTTP or JSON, not `success`, an endless list...). Not retried. */
export class InvoicingProtocolError<Extra extends object = object> extends InvoicingApiError<Extra> {
  override readonly name: string = 'InvoicingProtocolError';
}

/** A list in a different order at each reading, so records may be missing. Not retried (it may settle). */
export class InvoicingListOrderError extends InvoicingProtocolError {
  override readonly name = 'InvoicingListOrderError';
}

/** A 2xx body beyond `maxAnswerBytes` (`maxBytes`), refused and its connection dropped. Not retried. */
export class InvoicingAnswerTooLargeError extends InvoicingProtocolError<{ maxBytes: number }> {
  override readonly name = 'InvoicingAnswerTooLargeError';
  declare readonly maxBytes: number;
}

/** `data` does not match the schema; `issues` as `data[3].payment.amount: expected a number`. Not retried. */
export class InvoicingValidationError extends InvoicingApiError<{ issues: readonly string[] }> {
  override readonly name = 'InvoicingValidationError';
  declare readonly issues: readonly string[];
}

/** No answer: connection refused or dropped, DNS failure. Retried. */
export class InvoicingNetworkError extends InvoicingApiError {
  override readonly name = 'InvoicingNetworkError';
}

/** No complete answer (headers and body) within `timeoutMs`. Retried. */
export class InvoicingTimeoutError extends InvoicingApiError<{ timeoutMs: number }> {
  override readonly name = 'InvoicingTimeoutError';
  declare readonly timeoutMs: number;
}

/** Bad parameters or options, rejected before anything was sent; `issues` as `field: problem`. */
export class InvoicingParameterError extends InvoicingApiError<{ issues: readonly string[] }> {
  override readonly name = 'InvoicingParameterError';
  declare readonly issues: readonly string[];
}

/**
 * The error for an answer that is not 2xx: 401/403 authentication, 429 rate limited, 5xx server, anything
 * else protocol, as is a 429 or 5xx whose `Retry-After` lies beyond any date (no time to come back at).
 * `body` is absent when too long for an excerpt; `now` reads a date `Retry-After`.
 */
export function errorFromResponse(response: {
  endpoint: string;
  status: number;
  headers: HeaderReader;
  body?: string | undefined;
  apiKey?: string;
  now?: number;
}): InvoicingApiError {
  const { endpoint, status, headers, body, apiKey, now = Date.now() } = response;
  const excerpt = body === undefined ? undefined : bodyExcerpt(body, apiKey);
  const details = { endpoint, status, bodyExcerpt: excerpt, requestId: requestIdOf(headers, apiKey) };
  const answered = excerpt ? `: ${excerpt}` : '';

  if (status === 401 || status === 403) {
    return new InvoicingAuthenticationError(
      `The invoicing service refused the API key (HTTP ${status} from ${endpoint})${answered}`,
      details,
    );
  }
  const serverError = status >= 500 && status <= 599;
  const retryAfterMs =
    status === 429 || serverError ? parseRetryAfter(headers.get('retry-after'), now) : undefined;
  if (retryAfterMs === Number.POSITIVE_INFINITY) {
    return new InvoicingProtocolError(
      `The invoicing service answered HTTP ${status} from ${endpoint} with a Retry-After too far ahead to be a date`,
      details,
    );
  }
  if (status === 429) {
    const retryAt = retryAfterMs === undefined ? undefined : new Date(now + retryAfterMs);
    const when = retryAt
      ? `; it asks to try again in ${Math.ceil((retryAfterMs ?? 0) / 1000)} s, at ${retryAt.toISOString()}`
      : '';
    return new InvoicingRateLimitError(
      `The invoicing service is rate limiting requests (HTTP 429 from ${endpoint})${when}`,
      { ...details, retryAfterMs, retryAt },
    );
  }
  if (serverError) {
    const message = `The invoicing service failed (HTTP ${status} from ${endpoint})${answered}`;
    return new InvoicingServerError(message, { ...details, retryAfterMs });
  }
  if (status >= 300 && status <= 399 && headers.get('location') !== null) {
    return new InvoicingProtocolError(
      `The invoicing service redirected ${endpoint} (HTTP ${status}) to ${redirectTargetOf(headers, apiKey)}, not followed so that the API key goes nowhere else: if the service moved there, configure its new URL`,
      details,
    );
  }
  return new InvoicingProtocolError(
    `The invoicing service answered an unexpected HTTP ${status} from ${endpoint}${answered}`,
    details,
  );
}

/**
 * Whether the service refused the request itself (HTTP 400, 404, 416 or 422, or a 2xx that is not
 * `result: "success"`: the spec shows neither a failure's shape nor its status), as it may refuse a
 * `limit` above its largest or an offset past the end. An answer too large to take is no refusal.
 */
export function isRefusal(error: unknown): boolean {
  if (!(error instanceof InvoicingProtocolError) || error instanceof InvoicingAnswerTooLargeError)
    return false;
  const { status } = error;
  return status !== undefined && ([400, 404, 416, 422].includes(status) || (status >= 200 && status <= 299));
}

/**
 * Reads a `Retry-After` (RFC 9110 §10.2.3), seconds or an HTTP date, as the wait in ms (0 for a date
 * past), `undefined` when absent or unreadable, `Infinity` for seconds that end beyond any date.
 * @example parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('2026-10-21T07:27:00Z')) // 60000
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) {
    const waitMs = Math.ceil(Number(text) * 1000);
    // 8.64e15: the last instant a `Date` can hold (year 275760).
    return nowMs + waitMs > 8.64e15 ? Number.POSITIVE_INFINITY : waitMs;
  }
  // An HTTP date always names a weekday or month, so a bare number or garbage never reaches Date.parse.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

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

/** `value` read by `schema`, or an `InvoicingParameterError` naming each bad field (never its value). */
export function parsedParameters<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  endpoint?: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = describeIssues(result.error.issues);
  const what = endpoint === undefined ? 'invoicing client options' : `parameters for ${endpoint}`;
  throw new InvoicingParameterError(`Invalid ${what}: ${summariseIssues(issues)}`, { endpoint, issues });
}
