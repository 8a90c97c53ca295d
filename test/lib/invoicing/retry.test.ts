import { describe, expect, it } from 'vitest';
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
import { backoffMs, type RetryPolicy, retryAfterOf, shouldRetry } from '../../../lib/invoicing/retry';

const policy: RetryPolicy = { maxRetries: 3, maxRetryDelayMs: 10_000, baseDelayMs: 500, random: () => 0.5 };

describe('shouldRetry', () => {
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
    expect(shouldRetry(error, 0, policy)).toBe(true);
  });

  it.each([
    ['an authentication error', new InvoicingAuthenticationError('bad key', { status: 401 })],
    ['a protocol error', new InvoicingProtocolError('not JSON', { status: 200 })],
    ['a validation error', new InvoicingValidationError('bad data', { issues: [] })],
    ['a parameter error', new InvoicingParameterError('bad date', { issues: [] })],
    ['an unknown error', new TypeError('bug')],
  ])('does not retry %s', (_, error) => {
    expect(shouldRetry(error, 0, policy)).toBe(false);
  });

  it('fails at once when a 429 asks to wait longer than the cap', () => {
    expect(shouldRetry(new InvoicingRateLimitError('slow down', { retryAfterMs: 10_001 }), 0, policy)).toBe(
      false,
    );
  });

  it('stops after maxRetries further attempts', () => {
    const error = new InvoicingServerError('failed', { status: 500 });

    expect(shouldRetry(error, 2, policy)).toBe(true);
    expect(shouldRetry(error, 3, policy)).toBe(false);
    expect(shouldRetry(error, 0, { ...policy, maxRetries: 0 })).toBe(false);
  });
});

describe('backoffMs', () => {
  it('doubles the jitter ceiling on each attempt', () => {
    // random 0.5 picks the middle of [0, 500 × 2^attempt).
    expect(backoffMs(0, undefined, policy)).toBe(250);
    expect(backoffMs(1, undefined, policy)).toBe(500);
    expect(backoffMs(2, undefined, policy)).toBe(1000);
  });

  it('picks anywhere from zero up to the ceiling (full jitter)', () => {
    expect(backoffMs(3, undefined, { ...policy, random: () => 0 })).toBe(0);
    expect(backoffMs(3, undefined, { ...policy, random: () => 0.999 })).toBe(3996);
  });

  it('never waits longer than the cap', () => {
    expect(backoffMs(20, undefined, { ...policy, random: () => 0.999 })).toBe(9990);
  });

  it('waits what Retry-After asked for, up to the cap', () => {
    expect(backoffMs(0, 7000, policy)).toBe(7000);
    expect(backoffMs(0, 0, policy)).toBe(0);
    expect(backoffMs(0, 60_000, policy)).toBe(10_000);
  });
});

describe('retryAfterOf', () => {
  it('reads the wait a 429 or a 503 asked for', () => {
    expect(retryAfterOf(new InvoicingRateLimitError('slow down', { retryAfterMs: 2000 }))).toBe(2000);
    expect(retryAfterOf(new InvoicingServerError('down', { retryAfterMs: 3000 }))).toBe(3000);
    expect(retryAfterOf(new InvoicingNetworkError('dropped'))).toBeUndefined();
  });
});
