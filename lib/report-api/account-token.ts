import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../config';

/**
 * Every account token starts so: the API tells one from the operator token without trying both, and a
 * secret scanner can recognise one (`acct_acme_…`).
 */
export const ACCOUNT_TOKEN_PREFIX = 'acct_';

/** The shortest key accepted, in bytes: HMAC-SHA256's own output size. */
export const MIN_ACCOUNT_TOKEN_KEY_BYTES = 32;

/** `acct_<account>_<43 base64url characters>`; an account name has no `_`, so the parts cannot blur. */
const TOKEN_PATTERN = /^acct_([a-z0-9-]{1,40})_([A-Za-z0-9_-]{43})$/;

/** What an account token is derived from, and its version: a later format changes the tag. */
function tokenMac(key: Buffer, account: string, generation: number): Buffer {
  return createHmac('sha256', key).update(`account-token-v1\n${account}\n${generation}`, 'utf8').digest();
}

/**
 * The key's bytes (the secret's text as UTF-8).
 * @throws ConfigError naming the secret when the key is shorter than 32 bytes (its length only, never the key)
 */
function keyBytes(key: string, secretName: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length < MIN_ACCOUNT_TOKEN_KEY_BYTES) {
    throw new ConfigError('Invalid account token key', [
      {
        path: secretName,
        message: `is ${bytes.length} bytes; it must be at least ${MIN_ACCOUNT_TOKEN_KEY_BYTES} bytes of random data`,
      },
    ]);
  }
  return bytes;
}

/** The key an account token is made and checked with: the secret's value and the secret's name, for errors. */
export interface AccountTokenKey {
  value: string;
  secretName: string;
}

/**
 * An account's report API token: `acct_<account>_<HMAC-SHA256 of the account and its token generation
 * under the key, base64url>`. Every account's token comes from the one key, so adding an account needs no
 * new secret; raising the account's `tokenGeneration` revokes the token handed out before.
 * @example accountToken(key, 'acme', 1) // 'acct_acme_Qm9…' (53 characters for a four-letter name)
 * @throws ConfigError when the key is shorter than 32 bytes
 */
export function accountToken(key: AccountTokenKey, account: string, generation: number): string {
  const mac = tokenMac(keyBytes(key.value, key.secretName), account, generation);
  return `${ACCOUNT_TOKEN_PREFIX}${account}_${mac.toString('base64url')}`;
}

/** Whether a bearer token has the shape of an account token (it may still be forged). */
export function isAccountTokenShaped(token: string): boolean {
  return token.startsWith(ACCOUNT_TOKEN_PREFIX);
}

/**
 * The account an account token was made for, if it is genuine: its MAC is compared in constant time with
 * the one made for the account it names, at the generation `generationOf` gives. An account the
 * configuration does not know is checked at generation 1 all the same and then refused, so a forged
 * token takes as long whether or not its account exists.
 * @throws ConfigError when the key is shorter than 32 bytes
 */
export function verifyAccountToken(
  key: AccountTokenKey,
  token: string,
  generationOf: (account: string) => number | undefined,
): string | undefined {
  const bytes = keyBytes(key.value, key.secretName);
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const [, account = '', encoded = ''] = match;
  const generation = generationOf(account);
  // Compared as text: two encodings that differ in the last character's unused bits are not one token.
  const expected = Buffer.from(tokenMac(bytes, account, generation ?? 1).toString('base64url'), 'utf8');
  const given = Buffer.from(encoded, 'utf8');
  // The pattern fixed the length at 43, that of a 32-byte MAC in base64url.
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  return genuine && generation !== undefined ? account : undefined;
}
