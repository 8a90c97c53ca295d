import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { percentChange, roundFiat, roundUsd, sum, toPlainDecimal } from '../../../lib/report/money';

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

  it('is -100 when everything went away', () => {
    expect(text(percentChange(new Big('0'), new Big('50')))).toBe('-100');
  });
});
