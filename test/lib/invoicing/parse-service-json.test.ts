import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { isExactNumber, parseServiceJson } from '../../../lib/invoicing/schemas';

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
