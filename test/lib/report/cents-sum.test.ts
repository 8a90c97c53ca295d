import { describe, expect, it } from 'vitest';
import { CentsSum } from '../../../lib/report/money';

const sum = (...amounts: string[]) => {
  const total = new CentsSum();
  for (const amount of amounts) total.add(amount);
  return total.toBig().toFixed(2);
};

describe('CentsSum', () => {
  it('rounds each amount half-up to the cent before adding it', () => {
    expect(sum('0.125', '0.125')).toBe('0.26');
    expect(sum('0.124', '0.124')).toBe('0.24');
    expect(sum('1.005', '1.005', '1.005')).toBe('3.03');
    expect(sum('0.0049999')).toBe('0.00');
  });

  it('takes whole amounts, a single decimal and negative amounts (half away from zero)', () => {
    expect(sum('12', '1.5')).toBe('13.50');
    expect(sum('-0.005', '-1.234')).toBe('-1.24');
    expect(sum('10', '-0.125')).toBe('9.87');
  });

  it('adds amounts of more whole digits than a double holds in cents exactly', () => {
    expect(sum('99999999999999.995', '0.01')).toBe('100000000000000.01');
    // Each 4.5e15 cents: together past 2^53, where a double would lose the last cent.
    expect(sum('45035996273704.97', '45035996273704.97')).toBe('90071992547409.94');
    // Five of 13 whole digits: their running total in cents passes 2^52 and moves into the BigInt.
    expect(sum(...Array.from({ length: 5 }, () => '9999999999999.99'), '0.01')).toBe('49999999999999.96');
  });

  it('is 0 for no amounts', () => {
    expect(sum()).toBe('0.00');
  });
});
