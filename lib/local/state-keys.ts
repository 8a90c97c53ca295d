import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIN_SIGNING_KEY_BYTES } from '../delivery';
import { MIN_ACCOUNT_TOKEN_KEY_BYTES } from '../report-api';
import { LocalStackError } from './errors';

/** A key the local stack makes once and keeps in its state directory. */
export interface StateKey {
  /** The file in the state directory. */
  file: string;
  /** What messages call it. */
  name: string;
  minBytes: number;
  /** What stops working when it is replaced. */
  madeWithIt: string;
}

/** The key that signs the local stack's report links. */
export const LINK_SIGNING_KEY: StateKey = {
  file: 'link-signing-key',
  name: 'link signing key',
  minBytes: MIN_SIGNING_KEY_BYTES,
  madeWithIt: 'links signed with the old key',
};

/** The key the local accounts' report API tokens are derived from. */
export const ACCOUNT_TOKEN_KEY: StateKey = {
  file: 'account-token-key',
  name: 'account token key',
  minBytes: MIN_ACCOUNT_TOKEN_KEY_BYTES,
  madeWithIt: 'account tokens made from the old key',
};

async function readKey(path: string, key: StateKey): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LocalStackError(`cannot read the ${key.name} at ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * A key of the local stack: made once (32 random bytes, as 64 hex digits) and kept in
 * `<stateDir>/<file>`, readable by its owner only, so that what an earlier `npm start` printed or
 * emailed (a signed link, an account's token) still works after a restart.
 * @throws LocalStackError when the file cannot be read or written, or holds a key too short to use
 */
export async function loadStateKey(stateDir: string, key: StateKey): Promise<string> {
  const path = join(stateDir, key.file);
  let value = await readKey(path, key);
  if (value === undefined) {
    const fresh = randomBytes(key.minBytes).toString('hex');
    try {
      // `wx`: another start that got there first keeps its key, and this one reads it below.
      await writeFile(path, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new LocalStackError(`cannot write the ${key.name} to ${path}: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    value = await readKey(path, key);
  }
  const length = Buffer.byteLength(value ?? '', 'utf8');
  if (value === undefined || length < key.minBytes) {
    // The length only: the key itself never appears in a message.
    throw new LocalStackError(
      `the ${key.name} in ${path} is ${length} bytes, shorter than ${key.minBytes}: ` +
        `delete the file and the next start makes a new one (${key.madeWithIt} stop working)`,
    );
  }
  return value;
}
