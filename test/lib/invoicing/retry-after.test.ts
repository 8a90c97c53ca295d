import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../lib/invoicing/errors';

const now = Date.parse('2026-03-01T12:00:00Z');

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
