import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  CentsSum,
  DecimalSum,
  percentChange,
  roundFiat,
  roundUsd,
  sum,
  toPlainDecimal,
} from '../../../lib/report/money';

const text = (value: Big | null) => (value === null ? null : value.toFixed());

describe('sum', () => {
  it('adds 0.1 and 0.2 to exactly 0.3', () => {
    expect(text(sum(['0.1', '0.2']))).toBe('0.3');
  });

  it('adds ten thousand cents to exactly 100', () => {
    expect(text(sum(Array.from({ length: 10_000 }, () => '0.01')))).toBe('100');
  });

  it('keeps every digit of tiny crypto amounts', () => {
    expect(text(sum(['0.00000001', '0.00000094']))).toBe('0.00000095');
    expect(text(sum(['0.000000000000000001', '1']))).toBe('1.000000000000000001');
  });

  it('is zero for nothing', () => {
    expect(text(sum([]))).toBe('0');
  });
});

describe('rounding', () => {
  it('rounds USD half-up to cents', () => {
    expect(text(roundUsd(new Big('0.005')))).toBe('0.01');
    expect(text(roundUsd(new Big('0.0049999')))).toBe('0');
    // 2.675 as a float is 2.67499999…: a decimal type rounds it up.
    expect(text(roundUsd(new Big('2.675')))).toBe('2.68');
    expect(text(roundUsd(new Big('-0.005')))).toBe('-0.01');
  });

  it('rounds once, after summing', () => {
    const amounts = ['0.004', '0.004', '0.004'];
    // Rounded one by one these would be 0 + 0 + 0.
    expect(text(roundUsd(sum(amounts)))).toBe('0.01');
    expect(text(roundUsd(sum(Array.from({ length: 1000 }, () => '0.0049'))))).toBe('4.9');
  });

  it('rounds a code Intl does not accept to two decimals', () => {
    expect(text(roundFiat(new Big('1.005'), 'USDT'))).toBe('1.01');
  });

  it('rounds a fiat amount to its minor unit', () => {
    expect(text(roundFiat(new Big('1234.5'), 'JPY'))).toBe('1235');
    expect(text(roundFiat(new Big('1.2345'), 'KWD'))).toBe('1.235');
    expect(text(roundFiat(new Big('19.994'), 'EUR'))).toBe('19.99');
  });
});

describe('toPlainDecimal', () => {
  it('never writes exponent form', () => {
    expect(toPlainDecimal(new Big('1e-8'))).toBe('0.00000001');
    expect(toPlainDecimal(new Big('9.5e-7'))).toBe('0.00000095');
    expect(toPlainDecimal(new Big('1e21'))).toBe('1000000000000000000000');
    expect(toPlainDecimal(new Big('81119.92'))).toBe('81119.92');
  });
});

describe('percentChange', () => {
  it('gives the change in percent of the previous value, to one decimal', () => {
    expect(text(percentChange(new Big('150'), new Big('120')))).toBe('25');
    expect(text(percentChange(new Big('90'), new Big('120')))).toBe('-25');
    // -66.666…
    expect(text(percentChange(new Big('100'), new Big('300')))).toBe('-66.7');
    // -33.333…
    expect(text(percentChange(new Big('2'), new Big('3')))).toBe('-33.3');
  });

  it('rounds a tie half-up, away from zero', () => {
    // 26.25 and -1.25 exactly.
    expect(text(percentChange(new Big('101'), new Big('80')))).toBe('26.3');
    expect(text(percentChange(new Big('79'), new Big('80')))).toBe('-1.3');
  });

  it('rounds once, from the exact quotient', () => {
    // 1e20 / (2e21 + 1) is 0.0499999999999999999999750…: 0.0, though rounding it to 20 places first
    // would give 0.05000000000000000000 and then 0.1.
    const previous = new Big('2000000000000000000001');
    expect(text(percentChange(previous.plus('1000000000000000000'), previous))).toBe('0');
  });

  it('is null when the previous value is zero', () => {
    expect(percentChange(new Big('100'), new Big('0'))).toBeNull();
    expect(percentChange(new Big('0'), new Big('0'))).toBeNull();
  });

  it('is 0 when nothing changed', () => {
    expect(text(percentChange(new Big('12.34'), new Big('12.34')))).toBe('0');
  });

  it('is -100 when everything went away', () => {
    expect(text(percentChange(new Big('0'), new Big('50')))).toBe('-100');
  });
});

const centsTotal = (...amounts: string[]) => {
  const total = new CentsSum();
  for (const amount of amounts) total.add(amount);
  return total.toBig().toFixed(2);
};

describe('CentsSum', () => {
  it('rounds each amount half-up to the cent before adding it', () => {
    expect(centsTotal('0.125', '0.125')).toBe('0.26');
    expect(centsTotal('0.124', '0.124')).toBe('0.24');
    expect(centsTotal('1.005', '1.005', '1.005')).toBe('3.03');
    expect(centsTotal('0.0049999')).toBe('0.00');
  });

  it('takes whole amounts, a single decimal and negative amounts (half away from zero)', () => {
    expect(centsTotal('12', '1.5')).toBe('13.50');
    expect(centsTotal('-0.005', '-1.234')).toBe('-1.24');
    expect(centsTotal('10', '-0.125')).toBe('9.87');
  });

  it('adds amounts of more whole digits than a double holds in cents exactly', () => {
    expect(centsTotal('99999999999999.995', '0.01')).toBe('100000000000000.01');
    // Each 4.5e15 cents: together past 2^53, where a double would lose the last cent.
    expect(centsTotal('45035996273704.97', '45035996273704.97')).toBe('90071992547409.94');
    // Five of 13 whole digits: their running total in cents passes 2^52 and moves into the BigInt.
    expect(centsTotal(...Array.from({ length: 5 }, () => '9999999999999.99'), '0.01')).toBe(
      '49999999999999.96',
    );
  });

  it('is 0 for no amounts', () => {
    expect(centsTotal()).toBe('0.00');
  });
});

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
