import { wrappedError } from '../describe-error';
import { InvoicingNetworkError, InvoicingTimeoutError } from './errors';
import { type FormFields, toMultipartBody } from './form-fields';

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
  fetch: typeof globalThis.fetch;
  /** Aborts the request (the caller gave up); rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** An answer read in full, whatever its status. */
export interface RawAnswer {
  status: number;
  headers: Headers;
  body: string;
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

/**
 * Sends one request and reads the whole body, all within `timeoutMs`. Throws
 * `InvoicingTimeoutError` when the time runs out (a slow answer or a body that stalls),
 * `InvoicingNetworkError` when the connection fails or drops, and the signal's reason when the caller
 * aborted. The status is not judged here.
 */
export async function sendRequest(request: OutgoingRequest): Promise<RawAnswer> {
  const { endpoint, timeoutMs, signal } = request;
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

  try {
    const form = toMultipartBody(request.fields);
    const response = await request.fetch(request.url, {
      method: 'POST',
      headers: {
        Authorization: `Token ${request.apiKey}`,
        Accept: 'application/json',
        'Content-Type': form.contentType,
      },
      body: form.body,
      signal: controller.signal,
      // A redirect is not part of the protocol; followed, it would replay the form (and the key) elsewhere.
      redirect: 'manual',
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (timedOut) {
      throw new InvoicingTimeoutError(
        `The invoicing service did not answer ${endpoint} within ${timeoutMs} ms`,
        {
          endpoint,
          timeoutMs,
          cause: error,
        },
      );
    }
    if (signal?.aborted) throw signal.reason;
    throw new InvoicingNetworkError(
      `The request to the invoicing service's ${endpoint} failed before a complete answer (${describeCause(error)})`,
      { endpoint, cause: error },
    );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
