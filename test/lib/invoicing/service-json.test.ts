import Big from 'big.js';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import {
  fiatFractionDigits,
  isExactNumber,
  parseServiceJson,
  plainDecimalOf,
} from '../../../lib/invoicing/service-json';

describe('parseServiceJson', () => {
  it('reads numbers a double holds as numbers', () => {
    expect(parseServiceJson('{"a":0.00000095,"b":-12.5,"c":1e-18,"d":123456789012345}')).toEqual({
      a: 0.00000095,
      b: -12.5,
      c: 1e-18,
      d: 123456789012345,
    });
  });

  it.each([
    ['98765432.987654321'],
    ['123456789012.345678901234567890'],
    ['1.000000000000000001'],
    ['-0.100000000000000001'],
    ['12345678901234567890'],
    ['1e400'],
    ['5e-400'],
  ])('keeps the text of %s, which a double cannot hold', (token) => {
    const parsed = parseServiceJson(`{"result":"success","data":[{"amount":${token}}]}`) as {
      data: { amount: unknown }[];
    };
    const amount = parsed.data[0]?.amount;

    expect(isExactNumber(amount)).toBe(true);
    expect((amount as LosslessNumber).value).toBe(token);
  });

  it('keeps the text however the JSON is spaced', () => {
    const parsed = parseServiceJson('{\n  "amount": \n\t 98765432.987654321\n}') as { amount: unknown };

    expect(parsed.amount).toEqual(new LosslessNumber('98765432.987654321'));
  });

  it('reads every other value of a text with such a number as JSON.parse does', () => {
    const text =
      '{"amount":98765432.987654321,"small":0.5,"id":"a0000000-0000-4000-8000-000000000001","ok":true,"none":null,"list":[1,"2"],"repeated":1,"repeated":2,"__proto__":{"x":1}}';
    const lossless = parseServiceJson(text) as Record<string, unknown>;
    const { amount: _, ...rest } = lossless;
    const { amount: __, ...expected } = JSON.parse(text) as Record<string, unknown>;

    expect(rest).toStrictEqual(expected);
    expect(Object.getPrototypeOf(lossless)).toBe(Object.prototype);
  });

  it('leaves digits inside strings alone', () => {
    expect(
      parseServiceJson('{"hash":"0x00000000000000000000000000000000000000000000000000000000000000ff"}'),
    ).toEqual({
      hash: '0x00000000000000000000000000000000000000000000000000000000000000ff',
    });
  });

  it('throws a SyntaxError for text that is not JSON, on either path', () => {
    expect(() => parseServiceJson('<html>')).toThrow(SyntaxError);
    expect(() => parseServiceJson('{"amount":98765432.987654321,')).toThrow(SyntaxError);
  });

  it('throws a RangeError, never a crash, for nesting too deep for the lossless path', () => {
    const deep = `{"amount":98765432.987654321,"data":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;

    expect(() => parseServiceJson(deep)).toThrow(RangeError);
  });
});

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
