import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../lib/invoicing/retry-after';

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

  it('ignores a missing, negative or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
