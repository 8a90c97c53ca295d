import { randomUUID } from 'node:crypto';
import { wrappedError } from '../config';
import {
  InvoicingAnswerTooLargeError,
  InvoicingNetworkError,
  InvoicingProtocolError,
  InvoicingTimeoutError,
} from './errors';
import { type AnswerBody, readBody } from './read-answer';
import { EXCERPT_SOURCE_LENGTH } from './shown-text';

/** What the client reads of an answer's headers (`null` for a missing one); a WHATWG `Headers` is one. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** One POST as a transport sends it; `signal` aborts the request and the reading of its body. */
export interface TransportRequest {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
  signal: AbortSignal;
}

/** An answer whose headers have arrived; `body` yields its bytes, any content coding undone. */
export interface TransportAnswer {
  status: number;
  headers: HeaderReader;
  body: AsyncIterable<Uint8Array>;
  /** Stops reading and drops the connection, for an answer refused before its end. */
  discard(): void;
}

/** Resolves once the answer's headers are in. Follows no redirect: it would replay the key elsewhere. */
export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

const NO_BODY: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };

/** A transport over the `fetch` a caller passes in the client's options. */
export function fetchTransport(fetch: typeof globalThis.fetch): Transport {
  return async ({ url, headers, body, signal }) => {
    const response = await fetch(url, { method: 'POST', headers, body, signal, redirect: 'manual' });
    return {
      status: response.status,
      headers: response.headers,
      body: response.body ?? NO_BODY,
      discard: () => {
        response.body?.cancel().catch(() => {});
      },
    };
  };
}

/** A request's fields; `undefined` means "not set" and is left out. */
export type FormFields = Record<string, string | number | undefined>;

const encoder = new TextEncoder();

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
    const escapedName = normaliseLineBreaks(name)
      .replace(/\n/g, '%0A')
      .replace(/\r/g, '%0D')
      .replace(/"/g, '%22');
    text +=
      `--${boundary}\r\nContent-Disposition: form-data; name="${escapedName}"\r\n\r\n` +
      `${normaliseLineBreaks(String(value))}\r\n`;
  }
  text += `--${boundary}--\r\n`;
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: encoder.encode(text) };
}

/** One POST to the service; `endpoint` names it in errors, `signal` aborts it with the signal's reason. */
export interface OutgoingRequest {
  url: string;
  endpoint: string;
  fields: FormFields;
  apiKey: string;
  timeoutMs: number;
  maxAnswerBytes: number;
  transport: Transport;
  signal?: AbortSignal | undefined;
}

/** The first of `errors` whose code starts with `prefix` (`HPE_` from Node's HTTP parser, `Z_` from zlib). */
function codedError(errors: unknown[], prefix: string): (Error & { code: string }) | undefined {
  for (const candidate of errors) {
    const code = candidate instanceof Error ? (candidate as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code.startsWith(prefix)) return candidate as Error & { code: string };
  }
  return undefined;
}

/** The reason inside a failed request, its system code in front (the code says what happened). */
function describeCause(error: unknown): string {
  const cause = wrappedError(error);
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && !cause.message.includes(code)
    ? `${code}: ${cause.message}`
    : cause.message;
}

/** `16 MiB`, `64 KiB`, or the bytes when neither is whole. */
function describeBytes(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Sends one request and reads its body within `timeoutMs`, whatever the status: a 2xx body beyond
 * `maxAnswerBytes` is refused, a failure's is read only as far as an excerpt shows (else `undefined`).
 */
export async function sendRequest(
  request: OutgoingRequest,
): Promise<{ status: number; headers: HeaderReader; body: AnswerBody | undefined }> {
  const { endpoint, timeoutMs, maxAnswerBytes, signal } = request;
  signal?.throwIfAborted();

  // One controller for the timeout and the caller's signal, whose listener is removed after each request:
  // the caller's signal lives as long as a whole list walk.
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
        Authorization: `Token ${request.apiKey}`,
        Accept: 'application/json',
        'Content-Type': form.contentType,
      },
      body: form.body,
      signal: controller.signal,
    });
    coding = answer.headers.get('content-encoding');
    const succeeded = answer.status >= 200 && answer.status <= 299;
    const body = await readBody(
      answer,
      succeeded ? maxAnswerBytes : Math.min(maxAnswerBytes, EXCERPT_SOURCE_LENGTH),
    );
    if (succeeded && body === undefined) {
      throw new InvoicingAnswerTooLargeError(
        `The invoicing service's answer to ${endpoint} is larger than ${describeBytes(maxAnswerBytes)} (maxAnswerBytes): refused`,
        { endpoint, status: answer.status, maxBytes: maxAnswerBytes },
      );
    }
    return { status: answer.status, headers: answer.headers, body };
  } catch (error) {
    if (error instanceof InvoicingAnswerTooLargeError) throw error;
    if (timedOut) {
      throw new InvoicingTimeoutError(
        `The invoicing service did not answer ${endpoint} within ${timeoutMs} ms`,
        { endpoint, timeoutMs, cause: error },
      );
    }
    if (signal?.aborted) throw signal.reason;
    const parser = codedError([error], 'HPE_');
    if (parser) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with something that is not HTTP (${parser.code})`,
        { endpoint },
      );
    }
    // The error itself, or the one `fetch` wraps ("fetch failed").
    const decoding = codedError([error, wrappedError(error)], 'Z_');
    if (decoding) {
      // Only a coding the transport knows is decoded, so the header names one of those: safe to show.
      // Not retried: a server that labels its body wrongly does it again.
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with a body that its content coding ${coding?.trim().toLowerCase()} does not decode (${decoding.code}: ${decoding.message})`,
        { endpoint },
      );
    }
    throw new InvoicingNetworkError(
      `The request to the invoicing service's ${endpoint} failed before a complete answer (${describeCause(error)})`,
      { endpoint, cause: error },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
