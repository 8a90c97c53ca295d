import { describe, expect, it } from 'vitest';
import { fiatFractionDigits } from '../../lib/fiat-fraction-digits';

describe('fiatFractionDigits', () => {
  it('knows the minor unit of fiat currencies', () => {
    expect(fiatFractionDigits('USD')).toBe(2);
    expect(fiatFractionDigits('JPY')).toBe(0);
    expect(fiatFractionDigits('KWD')).toBe(3);
  });

  it('falls back to two decimals for a code Intl does not accept', () => {
    expect(fiatFractionDigits('USDT')).toBe(2);
    expect(fiatFractionDigits('X')).toBe(2);
  });
});
