import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../lib/config';
import { accountToken } from '../../../lib/report-api';
import { verifyAccountToken } from '../../../lib/report-api/account-token';

const KEY = { value: 'account-token-key-0123456789abcdef', secretName: 'invoice-reports/account-token-key' };
const GENERATIONS: Record<string, number> = { acme: 1, globex: 3 };
const generationOf = (account: string) => GENERATIONS[account];

/** The documented derivation, worked out with node:crypto alone. */
function documented(account: string, generation: number): string {
  const mac = createHmac('sha256', KEY.value).update(`account-token-v1\n${account}\n${generation}`).digest();
  return `acct_${account}_${mac.toString('base64url')}`;
}

describe('accountToken', () => {
  it('is acct_, the account, and the base64url HMAC-SHA256 of the account and its generation', () => {
    const token = accountToken(KEY, 'acme', 1);
    expect(token).toBe(documented('acme', 1));
    expect(token).toMatch(/^acct_acme_[A-Za-z0-9_-]{43}$/);
  });

  it('differs for each account and each generation', () => {
    const tokens = new Set([
      accountToken(KEY, 'acme', 1),
      accountToken(KEY, 'acme', 2),
      accountToken(KEY, 'acme-eu', 1),
      accountToken({ ...KEY, value: `${KEY.value}!` }, 'acme', 1),
    ]);
    expect(tokens.size).toBe(4);
  });

  it('refuses a key shorter than 32 bytes, naming the secret but never the key', () => {
    const short = { value: 'too-short-a-key', secretName: 'invoice-reports/account-token-key' };
    expect(() => accountToken(short, 'acme', 1)).toThrow(ConfigError);
    expect(() => accountToken(short, 'acme', 1)).toThrow(
      'invoice-reports/account-token-key: is 15 bytes; it must be at least 32 bytes of random data',
    );
    try {
      accountToken(short, 'acme', 1);
    } catch (error) {
      expect((error as Error).message).not.toContain(short.value);
    }
  });
});

describe('verifyAccountToken', () => {
  it('names the account of a genuine token at its current generation', () => {
    expect(verifyAccountToken(KEY, documented('acme', 1), generationOf)).toBe('acme');
    expect(verifyAccountToken(KEY, documented('globex', 3), generationOf)).toBe('globex');
  });

  it('refuses a token of an earlier generation: raising it revokes the token handed out', () => {
    expect(verifyAccountToken(KEY, documented('globex', 2), generationOf)).toBeUndefined();
  });

  it('refuses a genuine token of an account the configuration no longer has', () => {
    expect(verifyAccountToken(KEY, documented('initech', 1), generationOf)).toBeUndefined();
  });

  it("refuses one account's MAC under another account's name", () => {
    const acme = documented('acme', 1);
    const forged = acme.replace('acct_acme_', 'acct_globex_');
    expect(verifyAccountToken(KEY, forged, generationOf)).toBeUndefined();
  });

  it('refuses a token made with another key', () => {
    const other = createHmac('sha256', 'another-key-0123456789abcdef-0123').update(
      'account-token-v1\nacme\n1',
    );
    expect(verifyAccountToken(KEY, `acct_acme_${other.digest('base64url')}`, generationOf)).toBeUndefined();
  });

  it.each([
    [
      'one character changed',
      (token: string) => `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`,
    ],
    ['one character more', (token: string) => `${token}A`],
    ['one character less', (token: string) => token.slice(0, -1)],
    ['padding added', (token: string) => `${token}=`],
    [
      'standard base64 for base64url',
      (token: string) => token.replace(/-/g, '+').replace(/_(?=[^_]*$)/, '/'),
    ],
    ['an upper-case account', (token: string) => token.replace('acme', 'ACME')],
    ['no prefix', (token: string) => token.replace('acct_', '')],
  ])('refuses a token with %s', (_case, change) => {
    const token = documented('acme', 1);
    const changed = change(token);
    expect(changed).not.toBe(token);
    expect(verifyAccountToken(KEY, changed, generationOf)).toBeUndefined();
  });

  it('refuses another encoding of the same MAC (its last character’s unused bits set)', () => {
    const token = documented('acme', 1);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 43 characters carry 258 bits for a 256-bit MAC: the last character's two low bits are unused.
    const last = alphabet.indexOf(token.at(-1)!);
    const twin = `${token.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin.slice(-43), 'base64url')).toEqual(Buffer.from(token.slice(-43), 'base64url'));
    expect(verifyAccountToken(KEY, twin, generationOf)).toBeUndefined();
  });
});
