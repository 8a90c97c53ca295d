import { describe, expect, it } from 'vitest';
import { TOKEN68_PATTERN } from '../../../lib/config/token68';

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
