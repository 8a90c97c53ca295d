import { describe, expect, it } from 'vitest';
import {
  errorFromResponse,
  InvoicingApiError,
  InvoicingAuthenticationError,
  InvoicingNetworkError,
  InvoicingProtocolError,
  InvoicingRateLimitError,
  InvoicingServerError,
  parseRetryAfter,
} from '../../../lib/invoicing/errors';

const apiKey = 'sk-test-5f0c1d2e3a4b';
const now = Date.parse('2026-03-01T12:00:00Z');

const answer = (status: number, body = '', headers: Record<string, string> = {}) =>
  errorFromResponse({ endpoint: '/invoices/list', status, headers: new Headers(headers), body, apiKey, now });

describe('errorFromResponse', () => {
  it.each([401, 403])('makes HTTP %i an authentication error', (status) => {
    const error = answer(status, '{"result":"error","message":"Invalid token"}');

    expect(error).toBeInstanceOf(InvoicingAuthenticationError);
    expect(error).toBeInstanceOf(InvoicingApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('InvoicingAuthenticationError');
    expect(error.status).toBe(status);
    expect(error.endpoint).toBe('/invoices/list');
    expect(error.message).toBe(
      `The invoicing service refused the API key (HTTP ${status} from /invoices/list): {"result":"error","message":"Invalid token"}`,
    );
  });

  it('makes HTTP 429 a rate-limit error that says when to try again', () => {
    const error = answer(429, '', { 'retry-after': '90' });

    expect(error).toBeInstanceOf(InvoicingRateLimitError);
    const rateLimited = error as InvoicingRateLimitError;
    expect(rateLimited.retryAfterMs).toBe(90_000);
    expect(rateLimited.retryAt?.toISOString()).toBe('2026-03-01T12:01:30.000Z');
    expect(error.message).toBe(
      'The invoicing service is rate limiting requests (HTTP 429 from /invoices/list); it asks to try again in 90 s, at 2026-03-01T12:01:30.000Z',
    );
  });

  it('reads Retry-After given as an HTTP date', () => {
    const error = answer(429, '', {
      'retry-after': 'Sun, 01 Mar 2026 12:00:05 GMT',
    }) as InvoicingRateLimitError;

    expect(error.retryAfterMs).toBe(5000);
  });

  it('makes HTTP 429 without Retry-After a rate-limit error without a wait', () => {
    const error = answer(429) as InvoicingRateLimitError;

    expect(error).toBeInstanceOf(InvoicingRateLimitError);
    expect(error.retryAfterMs).toBeUndefined();
    expect(error.retryAt).toBeUndefined();
  });

  it.each([429, 503])(
    'makes HTTP %i with a Retry-After beyond any date a protocol error of one line',
    (status) => {
      const error = answer(status, '', { 'retry-after': '100000000000000000000' });

      expect(error).toBeInstanceOf(InvoicingProtocolError);
      expect(error.message).toBe(
        `The invoicing service answered HTTP ${status} from /invoices/list with a Retry-After too far ahead to be a date`,
      );
    },
  );

  it.each([500, 502, 503, 599])('makes HTTP %i a server error', (status) => {
    const error = answer(status, '<html><h1>Bad Gateway</h1></html>');

    expect(error).toBeInstanceOf(InvoicingServerError);
    expect(error.name).toBe('InvoicingServerError');
    expect(error.bodyExcerpt).toBe('<html><h1>Bad Gateway</h1></html>');
  });

  it('keeps the wait a 503 asked for', () => {
    expect((answer(503, '', { 'retry-after': '2' }) as InvoicingServerError).retryAfterMs).toBe(2000);
  });

  it.each([301, 400, 404, 422])('makes an unexpected HTTP %i a protocol error', (status) => {
    const error = answer(status, 'Not here');

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      `The invoicing service answered an unexpected HTTP ${status} from /invoices/list: Not here`,
    );
  });

  it('names the origin a redirect leads to, and that it was not followed', () => {
    const error = answer(301, '', { location: 'https://api.example.com/v2/invoices/list?token=abc' });

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service redirected /invoices/list (HTTP 301) to https://api.example.com, not followed so that the API key goes nowhere else: if the service moved there, configure its new URL',
    );
  });

  it('says a redirect within the service leads elsewhere, without quoting where', () => {
    expect(answer(308, '', { location: '/v2/invoices/list' }).message).toBe(
      'The invoicing service redirected /invoices/list (HTTP 308) to another address, not followed so that the API key goes nowhere else: if the service moved there, configure its new URL',
    );
  });

  it('never carries the API key the service echoed back', () => {
    const error = answer(401, `<p>Authorization: Token ${apiKey}</p>`);

    expect(error.message).not.toContain(apiKey);
    expect(error.bodyExcerpt).toBe('<p>Authorization: Token [redacted]</p>');
  });

  it('keeps the request id the service sent', () => {
    expect(answer(500, '', { 'x-request-id': 'req-42' }).requestId).toBe('req-42');
  });

  it('drops a request id that does not read as one', () => {
    expect(answer(500, '', { 'x-request-id': '<b>see the log</b>' }).requestId).toBeUndefined();
    expect(answer(500, '', { 'x-request-id': apiKey }).requestId).toBeUndefined();
  });

  it('carries no excerpt of a body too long to read', () => {
    const error = errorFromResponse({
      endpoint: '/invoices/list',
      status: 502,
      headers: new Headers(),
      apiKey,
    });

    expect(error.bodyExcerpt).toBeUndefined();
    expect(error.message).toBe('The invoicing service failed (HTTP 502 from /invoices/list)');
  });
});

describe('the error family', () => {
  it('passes the cause on', () => {
    const cause = new Error('socket hang up');
    const error = new InvoicingNetworkError('failed', { endpoint: '/payments/list', cause });

    expect(error.cause).toBe(cause);
    expect(error.name).toBe('InvoicingNetworkError');
    expect(error.status).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('rounds fractional seconds up to whole milliseconds', () => {
    expect(parseRetryAfter('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date as the time until it', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
  });

  it('reads a date already past as no wait', () => {
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('reads a number of seconds that ends beyond any date as an endless wait', () => {
    expect(parseRetryAfter('100000000000000000000', now)).toBe(Number.POSITIVE_INFINITY);
    expect(parseRetryAfter(`1${'0'.repeat(400)}`, now)).toBe(Number.POSITIVE_INFINITY);
    // The last wait that still ends on a date: 8.64e15 ms after the epoch.
    expect(parseRetryAfter(String((8.64e15 - now) / 1000), now)).toBe(8.64e15 - now);
  });

  it('ignores an HTTP date beyond any date', () => {
    expect(parseRetryAfter('Fri, 31 Dec 999999 23:59:59 GMT', now)).toBeUndefined();
  });

  it('ignores a missing, negative or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
