import { describe, expect, it } from 'vitest';
import { fiatFractionDigits } from '../../../lib/invoicing/schemas';

describe('fiatFractionDigits', () => {
  it('knows the minor unit of fiat currencies', () => {
    expect(fiatFractionDigits('USD')).toBe(2);
    expect(fiatFractionDigits('JPY')).toBe(0);
    expect(fiatFractionDigits('KWD')).toBe(3);
  });

  it('takes the minor unit ISO 4217 states where daily use shows fewer decimals', () => {
    // Intl shows these with none; ISO 4217 gives HUF, IDR and PKR two decimals and IQD three.
    expect(fiatFractionDigits('HUF')).toBe(2);
    expect(fiatFractionDigits('IDR')).toBe(2);
    expect(fiatFractionDigits('PKR')).toBe(2);
    expect(fiatFractionDigits('IQD')).toBe(3);
    expect(fiatFractionDigits('ISK')).toBe(0);
  });

  it('reads a code in lower or mixed case as the same currency', () => {
    expect(fiatFractionDigits('jpy')).toBe(0);
    expect(fiatFractionDigits('Kwd')).toBe(3);
  });

  it('falls back to two decimals for a code ISO 4217 does not list', () => {
    expect(fiatFractionDigits('USDT')).toBe(2);
    expect(fiatFractionDigits('X')).toBe(2);
  });
});
