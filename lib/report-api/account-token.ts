import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../config';

/** Every account token starts so: the API tells one from the operator token, and a secret scanner sees it. */
export const ACCOUNT_TOKEN_PREFIX = 'acct_';

/** The shortest key accepted, in bytes: HMAC-SHA256's own output size. */
export const MIN_ACCOUNT_TOKEN_KEY_BYTES = 32;

/** `acct_<account>_<43 base64url characters>`; an account name has no `_`, so the parts cannot blur. */
const TOKEN_PATTERN = /^acct_([a-z0-9-]{1,40})_([A-Za-z0-9_-]{43})$/;

/** The MAC of a token; the tag names the format's version. */
function tokenMac(key: Buffer, account: string, generation: number): Buffer {
  return createHmac('sha256', key).update(`account-token-v1\n${account}\n${generation}`, 'utf8').digest();
}

/** @throws ConfigError naming the secret when the key is shorter than 32 bytes (its length only) */
function keyBytes({ value, secretName }: AccountTokenKey): Buffer {
  const bytes = Buffer.from(value, 'utf8');
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

/** The key an account token is made and checked with, and the secret's name for errors. */
export type AccountTokenKey = { value: string; secretName: string };

/**
 * An account's report API token: `acct_<account>_<HMAC-SHA256 of the account and its token generation,
 * base64url>`. One key serves every account; raising `tokenGeneration` revokes the token handed out before.
 * @throws ConfigError when the key is shorter than 32 bytes
 */
export function accountToken(key: AccountTokenKey, account: string, generation: number): string {
  return `${ACCOUNT_TOKEN_PREFIX}${account}_${tokenMac(keyBytes(key), account, generation).toString('base64url')}`;
}

/**
 * The account a genuine account token was made for, its MAC compared in constant time. An account the
 * configuration does not know is checked at generation 1 all the same, then refused, so a forged token
 * takes as long whether or not its account exists.
 * @throws ConfigError when the key is shorter than 32 bytes
 */
export function verifyAccountToken(
  key: AccountTokenKey,
  token: string,
  generationOf: (account: string) => number | undefined,
): string | undefined {
  const bytes = keyBytes(key);
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const [, account = '', encoded = ''] = match;
  const generation = generationOf(account);
  // Compared as text: two encodings that differ in the last character's unused bits are not one token.
  const expected = Buffer.from(tokenMac(bytes, account, generation ?? 1).toString('base64url'), 'utf8');
  const given = Buffer.from(encoded, 'utf8');
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  return genuine && generation !== undefined ? account : undefined;
}
