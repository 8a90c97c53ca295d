import { describe, expect, it } from 'vitest';
import { parsePort, TOKEN68_PATTERN } from '../../../lib/config';

describe('parsePort', () => {
  it('reads a port from 0 to 65535', () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('4010')).toBe(4010);
    expect(parsePort('65535')).toBe(65_535);
  });

  it('allows spaces around the digits', () => {
    expect(parsePort(' 3000\n')).toBe(3000);
  });

  it.each(['65536', '70000', '-1', '-0', '+80', '80.5', '1e3', '0x50', 'http', '', '123456'])(
    'refuses %j',
    (text) => {
      expect(parsePort(text)).toBeUndefined();
    },
  );
});

describe('TOKEN68_PATTERN', () => {
  it('accepts letters, digits and . _ ~ + / -, with = only at the end', () => {
    expect(TOKEN68_PATTERN.test('local-dev-token')).toBe(true);
    expect(TOKEN68_PATTERN.test('a.b_c~d+e/f-g')).toBe(true);
    expect(TOKEN68_PATTERN.test('dGVzdA==')).toBe(true);
  });

  it('refuses spaces, quotes and an = inside the token', () => {
    expect(TOKEN68_PATTERN.test('two words')).toBe(false);
    expect(TOKEN68_PATTERN.test("it's")).toBe(false);
    expect(TOKEN68_PATTERN.test('a=b')).toBe(false);
    expect(TOKEN68_PATTERN.test('')).toBe(false);
  });
});
