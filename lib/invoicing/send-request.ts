import { isAscii } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { wrappedError } from '../config';
import type { ClientSettings } from './client';
import {
  bodyExcerpt,
  contentTypeOf,
  describeIssues,
  EXCERPT_SOURCE_LENGTH,
  errorFromResponse,
  InvoicingAnswerTooLargeError,
  InvoicingApiError,
  InvoicingNetworkError,
  InvoicingProtocolError,
  InvoicingTimeoutError,
  InvoicingValidationError,
  requestIdOf,
  summariseIssues,
} from './errors';
import { redactSecret } from './redact-secret';
import { parseServiceJson } from './service-json';

/** What the client reads of an answer's headers (`null` for a missing one); a WHATWG `Headers` is one. */
export type HeaderReader = { get(name: string): string | null };

/** An answer whose headers have arrived; `body` has any content coding undone, `discard()` drops it. */
export interface TransportAnswer {
  status: number;
  headers: HeaderReader;
  body: AsyncIterable<Uint8Array>;
  discard(): void;
}

/** Sends one POST; `signal` aborts it and its body. Follows no redirect: it would replay the key elsewhere. */
export type Transport = (request: {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  signal: AbortSignal;
}) => Promise<TransportAnswer>;

const NO_BODY: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };

export function fetchTransport(fetch: typeof globalThis.fetch): Transport {
  return async ({ url, headers, body, signal }) => {
    const response = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
    return {
      status: response.status,
      headers: response.headers,
      body: response.body ?? NO_BODY,
      discard: () => void response.body?.cancel().catch(() => {}),
    };
  };
}

/** A request's fields; `undefined` means "not set" and is left out. */
export type FormFields = Record<string, string | number | undefined>;

const NAME_ESCAPES: Record<string, string> = { '\n': '%0A', '\r': '%0D', '"': '%22' };

/** CR, LF and CRLF all become CRLF, as the multipart encoding of a form asks. */
const normaliseLineBreaks = (text: string): string => text.replace(/\r?\n|\r/g, '\r\n');

/**
 * The multipart form the spec asks for, fields that are set only (the service applies its defaults), as
 * undici writes a `FormData` but the boundary: its web stream costs 0.2 ms of CPU a request.
 */
export function toMultipartBody(
  fields: FormFields,
  boundary = `----invoicing-${randomUUID()}`,
): { contentType: string; body: Uint8Array } {
  let text = '';
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    // Line breaks and quotes in a name percent-encoded, as browsers and undici do.
    const escapedName = normaliseLineBreaks(name).replace(/[\n\r"]/g, (char) => NAME_ESCAPES[char]!);
    text +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapedName}"\r\n\r\n` +
      `${normaliseLineBreaks(String(value))}\r\n`;
  }
  text += `--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(text) };
}

/** A leading byte order mark in UTF-8, dropped as `Response#text()` drops it. */
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Bytes that are not ASCII, read as Latin-1: in UTF-8 each run of them is whole characters. */
const NON_ASCII_RUN = /[\x80-\xff]+/g;

export class AnswerBody {
  readonly #bytes: Buffer;

  constructor(bytes: Uint8Array) {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#bytes = buffer.subarray(0, 3).equals(UTF8_BOM) ? buffer.subarray(3) : buffer;
  }

  /** What an error quotes. */
  text(): string {
    return this.#bytes.toString('utf8');
  }

  /**
   * The body as ASCII that JSON reads as `text()`, non-ASCII characters as `\uXXXX` escapes (valid only in
   * strings, where they mean the same): V8 parses a page holding one such character at twice the cost.
   */
  jsonText(): string {
    const latin1 = this.#bytes.toString('latin1');
    if (isAscii(this.#bytes)) return latin1;
    return latin1.replace(NON_ASCII_RUN, (run) => {
      const text = Buffer.from(run, 'latin1').toString('utf8');
      let escaped = '';
      for (let index = 0; index < text.length; index++) {
        escaped += `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`;
      }
      return escaped;
    });
  }
}

/** The body, or `undefined` past `maxBytes` decoded (or declared): the connection is dropped at once. */
export async function readBody(answer: TransportAnswer, maxBytes: number): Promise<AnswerBody | undefined> {
  if (Number(answer.headers.get('content-length') ?? 0) > maxBytes) {
    answer.discard();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      answer.discard();
      return undefined;
    }
    chunks.push(chunk);
  }
  return new AnswerBody(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
}

/** An error's string `code` (`ECONNRESET`, `HPE_` from Node's HTTP parser, `Z_` from zlib), else `''`. */
function codeOf(error: unknown): string {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** `16 MiB`, `64 KiB`, or the bytes when neither is whole. */
function describeBytes(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Sends one POST and reads its body within `timeoutMs`: a 2xx body beyond `maxAnswerBytes` is refused, any
 * other answer is thrown as its error, its body read only as far as an excerpt shows.
 */
export async function sendRequest(
  request: Pick<ClientSettings, 'apiKey' | 'timeoutMs' | 'maxAnswerBytes' | 'transport' | 'now'> & {
    url: string;
    endpoint: string;
    fields: FormFields;
    signal?: AbortSignal | undefined;
  },
): Promise<{ status: number; headers: HeaderReader; body: AnswerBody }> {
  const { endpoint, timeoutMs, maxAnswerBytes, signal, apiKey } = request;
  signal?.throwIfAborted();

  // One controller for the timeout and the caller's signal, which lives as long as a whole list walk: its
  // listener is removed after each request.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  let coding: string | null = null;

  try {
    const form = toMultipartBody(request.fields);
    const answer = await request.transport({
      url: request.url,
      headers: {
        Authorization: `Token ${apiKey}`,
        Accept: 'application/json',
        'Content-Type': form.contentType,
      },
      body: form.body,
      signal: controller.signal,
    });
    coding = answer.headers.get('content-encoding');
    const { status, headers } = answer;
    const succeeded = status >= 200 && status <= 299;
    const body = await readBody(
      answer,
      succeeded ? maxAnswerBytes : Math.min(maxAnswerBytes, EXCERPT_SOURCE_LENGTH),
    );
    if (!succeeded) {
      throw errorFromResponse({ endpoint, status, headers, body: body?.text(), apiKey, now: request.now() });
    }
    if (body === undefined) {
      throw new InvoicingAnswerTooLargeError(
        `The invoicing service's answer to ${endpoint} is larger than ${describeBytes(maxAnswerBytes)} (maxAnswerBytes): refused`,
        { endpoint, status, maxBytes: maxAnswerBytes },
      );
    }
    return { status, headers, body };
  } catch (error) {
    if (error instanceof InvoicingApiError) throw error;
    if (timedOut) {
      throw new InvoicingTimeoutError(
        `The invoicing service did not answer ${endpoint} within ${timeoutMs} ms`,
        { endpoint, timeoutMs, cause: error },
      );
    }
    if (signal?.aborted) throw signal.reason;
    if (codeOf(error).startsWith('HPE_')) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with something that is not HTTP (${codeOf(error)})`,
        { endpoint },
      );
    }
    // The error itself, or the one `fetch` wraps ("fetch failed").
    const cause = wrappedError(error);
    const decoding = [error, cause].find((each): each is Error => codeOf(each).startsWith('Z_'));
    if (decoding) {
      // The header names a coding the transport knows: safe to show. Not retried: a server that labels its
      // body wrongly does it again.
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with a body that its content coding ${coding?.trim().toLowerCase()} does not decode (${codeOf(decoding)}: ${decoding.message})`,
        { endpoint },
      );
    }
    // Its system code in front.
    const code = codeOf(cause);
    const reason = !(cause instanceof Error)
      ? String(cause)
      : code && !cause.message.includes(code)
        ? `${code}: ${cause.message}`
        : cause.message;
    throw new InvoicingNetworkError(
      `The request to the invoicing service's ${endpoint} failed before a complete answer (${reason})`,
      { endpoint, cause: error },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Longest `result` quoted in a message; a longer one is described by its length. */
const RESULT_SHOWN_LENGTH = 40;

/**
 * A list as the service may write it, made an array: keys `"0"`, `"1"`, … (PHP's `json_encode` once an
 * element was filtered out), an empty page as `null`, `{}` or left out (the spec shows none).
 */
export function normaliseList(data: unknown): unknown {
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object' || Array.isArray(data)) return data;
  const entries = Object.entries(data);
  if (entries.length === 0) return [];
  if (!entries.every(([key]) => /^(0|[1-9]\d*)$/.test(key))) return data;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
}

/** A `result` other than `success` for a message, without walking into it. */
function describeResult(result: unknown, apiKey: string | undefined): string {
  if (typeof result !== 'string') {
    return `a result of type ${result === null ? 'null' : Array.isArray(result) ? 'array' : typeof result}`;
  }
  if (result.length > RESULT_SHOWN_LENGTH) return `a result of ${result.length} characters`;
  return `result ${redactSecret(JSON.stringify(result), apiKey)}`;
}

/**
 * Reads a 2xx answer: JSON, the `{ result: "success", data }` envelope, then `data` against its schema
 * (else `InvoicingProtocolError`, `InvoicingValidationError`), in one-line messages without the key.
 */
export function readAnswer<Schema extends z.ZodType>(
  body: AnswerBody,
  schema: Schema,
  context: { endpoint: string; status: number; headers: HeaderReader; apiKey?: string },
  normalise: (data: unknown) => unknown = (data) => data,
): z.output<Schema> {
  const { endpoint, status, headers, apiKey } = context;
  // Built only on failure: a list walk reads thousands of good answers.
  const failure = (problem: string, issues?: string[]) => {
    const text = body.text();
    const excerpt = bodyExcerpt(text, apiKey);
    const details = { endpoint, status, requestId: requestIdOf(headers, apiKey), bodyExcerpt: excerpt };
    const message = `The invoicing service answered ${endpoint} with ${problem}`;
    if (issues) return new InvoicingValidationError(message, { ...details, issues });
    const quoted =
      excerpt === undefined
        ? ` (${text.length} characters, not shown)`
        : excerpt
          ? `: ${excerpt}`
          : ' (empty body)';
    return new InvoicingProtocolError(`${message}${quoted}`, details);
  };

  let json: unknown;
  try {
    json = parseServiceJson(body.jsonText());
  } catch (error) {
    // The parser's own message quotes the body, so it is not kept as the cause.
    const what = error instanceof RangeError ? 'JSON nested too deeply to read' : 'something other than JSON';
    throw failure(`${what} (HTTP ${status}, ${contentTypeOf(headers, apiKey)})`);
  }

  // The envelope of every answer; anything but `result: "success"` is a failure whose shape is not shown.
  const result = json !== null && typeof json === 'object' && 'result' in json ? json.result : undefined;
  if (result !== 'success') {
    throw failure(
      result === undefined
        ? 'JSON that is not the { result, data } envelope'
        : `${describeResult(result, apiKey)} instead of "success"`,
    );
  }

  const data = schema.safeParse(normalise((json as { data?: unknown }).data));
  if (!data.success) {
    const issues = describeIssues(data.error.issues, 'data', apiKey);
    throw failure(`data this client cannot read: ${summariseIssues(issues)}`, issues);
  }
  return data.data;
}
