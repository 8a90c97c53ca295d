import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { DecimalSum } from '../../../lib/report/money';

const total = (amounts: readonly string[]) => {
  const sum = new DecimalSum();
  for (const amount of amounts) sum.add(amount);
  return sum.toBig();
};

/** The reference the accumulators used before: `Big#plus`, one amount at a time. */
const bigTotal = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => sum.plus(amount), new Big(0));

describe('DecimalSum', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(total(['0.1', '0.2']).toFixed()).toBe('0.3');
  });

  it('is zero for nothing, and for amounts that cancel out', () => {
    expect(total([]).toFixed()).toBe('0');
    expect(total(['12.5', '-12.5']).toFixed()).toBe('0');
    expect(total(['-0.00000001', '0.00000001']).eq(0)).toBe(true);
  });

  it('keeps every digit when amounts have different numbers of decimals, in any order', () => {
    expect(total(['1', '0.00000095', '1000.5']).toFixed()).toBe('1001.50000095');
    expect(total(['0.000000000000000001', '1']).toFixed()).toBe('1.000000000000000001');
    expect(total(['-0.5', '0.25', '-0.125']).toFixed()).toBe('-0.375');
  });

  it('goes past what a JS number holds exactly', () => {
    expect(total(['9007199254740993', '9007199254740993.01']).toFixed()).toBe('18014398509481986.01');
  });

  it('can be read more than once, and keeps adding after a read', () => {
    const sum = new DecimalSum();
    sum.add('1.25');
    expect(sum.toBig().toFixed()).toBe('1.25');
    sum.add('0.75');
    expect(sum.toBig().toFixed()).toBe('2');
  });

  const mixes: Record<string, string[]> = {
    'cents of USD': Array.from({ length: 1000 }, (_, n) => `${n}.${String(n % 100).padStart(2, '0')}`),
    'crypto amounts': ['48.324162', '0.00000095', '375.63', '69.80396', '1.000000000000000001', '0.1'],
    'negative and positive': ['-48.3', '21.93', '-0.22', '1937', '-1937', '0.000001', '-0.999999'],
    'integers with zeros': ['100', '1000000', '0', '-0', '10', '-100'],
    'a value with trailing zeros': ['1.50', '2.500', '-0.10'],
    // Fifteen digits each: their total passes 2^53 (9007199254740992) after ten of them.
    'fifteen-digit amounts adding up past 2^53': [
      ...Array.from({ length: 12 }, () => '999999999999999'),
      '0.5',
      ...Array.from({ length: 12 }, () => '99999999999999.9'),
      '-0.05',
      ...Array.from({ length: 12 }, () => '-9999999999999.99'),
    ],
    'sixteen digits and more between short amounts': [
      '1.25',
      '1234567890123456.7',
      '2.5',
      '-98765432109876543',
      '0.75',
    ],
  };
  it.each(Object.entries(mixes))('gives exactly the sum big.js gives (%s)', (_, amounts) => {
    const sum = total(amounts);
    const reference = bigTotal(amounts);
    expect(sum.eq(reference)).toBe(true);
    expect(sum.toFixed()).toBe(reference.toFixed());
  });
});
