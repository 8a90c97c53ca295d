import type { Transport } from './transport';

const NO_BODY: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };

/**
 * A transport over a `fetch` function: the one a caller passes in the client's options (a test that
 * counts or fails calls, an app's own `fetch`). Redirects are not followed.
 */
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
