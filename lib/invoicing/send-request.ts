import { wrappedError } from '../config';
import type { AnswerBody } from './answer-body';
import { EXCERPT_SOURCE_LENGTH } from './body-excerpt';
import {
  InvoicingAnswerTooLargeError,
  InvoicingNetworkError,
  InvoicingProtocolError,
  InvoicingTimeoutError,
} from './errors';
import { type FormFields, toMultipartBody } from './form-fields';
import { readBody } from './read-body';
import type { HeaderReader, Transport } from './transport';

/** One POST to the service. */
export interface OutgoingRequest {
  /** The full URL. */
  url: string;
  /** The endpoint's path, for errors. */
  endpoint: string;
  fields: FormFields;
  apiKey: string;
  /** Time allowed for the answer, body included. */
  timeoutMs: number;
  /** Most bytes a successful answer's body may hold. */
  maxAnswerBytes: number;
  transport: Transport;
  /** Aborts the request (the caller gave up); rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** An answer read in full, whatever its status. */
export interface RawAnswer {
  status: number;
  headers: HeaderReader;
  /** The body; `undefined` for a failure answer too long to show, which was not read to its end. */
  body: AnswerBody | undefined;
}

/**
 * The reason inside a failed `fetch` ("fetch failed" wraps the socket's error), with its system code in
 * front when the message does not already say it: unlike `describeError`, the error's class name says
 * nothing here, the code (`ECONNRESET`) says what happened.
 */
function describeCause(error: unknown): string {
  const cause = wrappedError(error);
  if (!(cause instanceof Error)) return String(cause);
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' && !cause.message.includes(code)
    ? `${code}: ${cause.message}`
    : cause.message;
}

/** Node's HTTP parser's code (`HPE_INVALID_CONSTANT`...) when the answer was not HTTP at all. */
function httpParserCode(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('HPE_') ? code : undefined;
}

/**
 * zlib's error (`Z_DATA_ERROR`...) when the body did not decode as its `Content-Encoding` says: the
 * error itself, or the one `fetch` wraps.
 */
function zlibError(error: unknown): (Error & { code: string }) | undefined {
  for (const candidate of [error, wrappedError(error)]) {
    const code = candidate instanceof Error ? (candidate as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code.startsWith('Z_')) return candidate as Error & { code: string };
  }
  return undefined;
}

/** `16 MiB`, `64 KiB`, or the bytes when neither is whole. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1 << 10 && bytes % (1 << 10) === 0) return `${bytes / (1 << 10)} KiB`;
  return `${bytes} bytes`;
}

/**
 * Sends one request and reads its body, all within `timeoutMs`. A successful (2xx) body longer than
 * `maxAnswerBytes` is an `InvoicingAnswerTooLargeError`; a failure answer's body is read only as far
 * as an excerpt could show. Throws `InvoicingTimeoutError` when the time runs out (a slow answer or a
 * body that stalls), `InvoicingNetworkError` when the connection fails or drops, an
 * `InvoicingProtocolError` when what came back is not HTTP or its body does not decode as its
 * `Content-Encoding` says, and the signal's reason when the caller aborted. The status is not judged
 * here otherwise.
 */
export async function sendRequest(request: OutgoingRequest): Promise<RawAnswer> {
  const { endpoint, timeoutMs, maxAnswerBytes, signal } = request;
  signal?.throwIfAborted();

  // One controller for both the timeout and the caller's signal. The caller's signal lives as long as a
  // whole list walk (thousands of requests), so the listener added here is removed after each one.
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
    const parserCode = httpParserCode(error);
    if (parserCode) {
      throw new InvoicingProtocolError(
        `The invoicing service answered ${endpoint} with something that is not HTTP (${parserCode})`,
        { endpoint },
      );
    }
    const decoding = zlibError(error);
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
