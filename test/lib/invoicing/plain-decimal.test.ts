import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { plainDecimalOf } from '../../../lib/invoicing/schemas';

describe('plainDecimalOf', () => {
  it('writes numbers and numeric text as plain decimals, never in exponent form', () => {
    expect(plainDecimalOf(0.00000095)).toBe('0.00000095');
    expect(plainDecimalOf(1e21)).toBe('1000000000000000000000');
    expect(plainDecimalOf(29.97)).toBe('29.97');
    expect(plainDecimalOf(-0)).toBe('0');
    expect(plainDecimalOf('1E-7')).toBe('0.0000001');
    expect(plainDecimalOf('12.50')).toBe('12.5');
    expect(plainDecimalOf('007')).toBe('7');
    expect(plainDecimalOf('.5')).toBe('0.5');
    expect(plainDecimalOf('5.')).toBe('5');
    expect(plainDecimalOf('-0')).toBe('0');
    expect(plainDecimalOf('-0.000')).toBe('0');
  });

  // The schemas wrote `new Big(value).toFixed()` for every amount; the shortcut must never differ from it.
  const numbers = [
    0,
    -0,
    1,
    -1,
    0.1,
    0.2,
    0.30000000000000004,
    2.675,
    21.93,
    1937,
    -48.324162,
    0.000001,
    0.0000015,
    1.5e-7,
    5e-324,
    123456789012345680000,
    1e21,
    -1e21,
    9007199254740992,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1 / 3,
    -2 / 3,
  ];
  it.each(numbers)('gives the same text as big.js for the number %s', (value) => {
    expect(plainDecimalOf(value)).toBe(new Big(value).toFixed());
  });

  const texts = [
    '0',
    '-0',
    '00',
    '0.0',
    '-0.0',
    '1',
    '-1',
    '10',
    '100.00',
    '0.10',
    '1.50',
    '-1.50',
    '.5',
    '-.5',
    '5.',
    '007.700',
    '0.00000095',
    '-0.00000095',
    '1e3',
    '1E-7',
    '-2.5e+2',
    '12345678901234567890.123456789',
    '0.000000000000000001',
  ];
  it.each(texts)('gives the same text as big.js for %j', (value) => {
    expect(plainDecimalOf(value)).toBe(new Big(value).toFixed());
  });
});
