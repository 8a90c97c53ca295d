import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../../lib/invoicing/client';
import {
  InvoicingAuthenticationError,
  InvoicingNetworkError,
  InvoicingParameterError,
  InvoicingProtocolError,
  InvoicingRateLimitError,
  InvoicingServerError,
  InvoicingTimeoutError,
  InvoicingValidationError,
} from '../../../lib/invoicing/errors';

const policy = { maxRetries: 3, maxRetryDelayMs: 10_000, baseDelayMs: 500, random: () => 0.5 };

describe('retryDelayMs', () => {
  it.each([
    ['a 5xx', new InvoicingServerError('failed', { status: 503 })],
    ['a network error', new InvoicingNetworkError('dropped')],
    ['a timeout', new InvoicingTimeoutError('slow', { timeoutMs: 100 })],
    ['a 429 without Retry-After', new InvoicingRateLimitError('slow down', { status: 429 })],
    [
      'a 429 asking for less than the cap',
      new InvoicingRateLimitError('slow down', { retryAfterMs: 10_000 }),
    ],
  ])('retries %s', (_, error) => {
    expect(retryDelayMs(error, 0, policy)).toBeDefined();
  });

  it.each([
    ['an authentication error', new InvoicingAuthenticationError('bad key', { status: 401 })],
    ['a protocol error', new InvoicingProtocolError('not JSON', { status: 200 })],
    ['a validation error', new InvoicingValidationError('bad data', { issues: [] })],
    ['a parameter error', new InvoicingParameterError('bad date', { issues: [] })],
    ['an unknown error', new TypeError('bug')],
  ])('does not retry %s', (_, error) => {
    expect(retryDelayMs(error, 0, policy)).toBeUndefined();
  });

  it('fails at once when a 429 asks to wait longer than the cap', () => {
    expect(retryDelayMs(new InvoicingRateLimitError('slow down', { retryAfterMs: 10_001 }), 0, policy)).toBe(
      undefined,
    );
  });

  it('stops after maxRetries further attempts', () => {
    const error = new InvoicingServerError('failed', { status: 500 });

    expect(retryDelayMs(error, 2, policy)).toBeDefined();
    expect(retryDelayMs(error, 3, policy)).toBeUndefined();
    expect(retryDelayMs(error, 0, { ...policy, maxRetries: 0 })).toBeUndefined();
  });

  const dropped = new InvoicingNetworkError('dropped');

  it('doubles the jitter ceiling on each attempt', () => {
    // random 0.5 picks the middle of [0, 500 × 2^attempt).
    expect(retryDelayMs(dropped, 0, policy)).toBe(250);
    expect(retryDelayMs(dropped, 1, policy)).toBe(500);
    expect(retryDelayMs(dropped, 2, policy)).toBe(1000);
  });

  it('picks anywhere from zero up to the ceiling (full jitter)', () => {
    expect(retryDelayMs(dropped, 3, { ...policy, maxRetries: 9, random: () => 0 })).toBe(0);
    expect(retryDelayMs(dropped, 3, { ...policy, maxRetries: 9, random: () => 0.999 })).toBe(3996);
  });

  it('never waits longer than the cap', () => {
    expect(retryDelayMs(dropped, 20, { ...policy, maxRetries: 99, random: () => 0.999 })).toBe(9990);
  });

  it('waits what a 429 or a 503 asked for, a 503 no longer than the cap', () => {
    const server = (retryAfterMs: number) => new InvoicingServerError('down', { retryAfterMs });
    expect(retryDelayMs(new InvoicingRateLimitError('slow down', { retryAfterMs: 2000 }), 0, policy)).toBe(
      2000,
    );
    expect(retryDelayMs(server(7000), 0, policy)).toBe(7000);
    expect(retryDelayMs(server(0), 0, policy)).toBe(0);
    expect(retryDelayMs(server(60_000), 0, policy)).toBe(10_000);
  });
});
