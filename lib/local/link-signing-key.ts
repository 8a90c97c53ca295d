import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIN_SIGNING_KEY_BYTES } from '../delivery';
import { LocalStackError } from './errors';

/** The file in the state directory that holds the local link signing key. */
export const LINK_SIGNING_KEY_FILE = 'link-signing-key';

async function readKey(path: string): Promise<string | undefined> {
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new LocalStackError(`cannot read the link signing key at ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * The key that signs the local stack's report links: made once (32 random bytes, as 64 hex digits) and
 * kept in `<stateDir>/link-signing-key`, readable by its owner only, so that a link printed or emailed
 * by an earlier `npm start` still opens after a restart.
 * @throws LocalStackError when the file cannot be read or written, or holds a key too short to sign with
 */
export async function loadLinkSigningKey(stateDir: string): Promise<string> {
  const path = join(stateDir, LINK_SIGNING_KEY_FILE);
  let key = await readKey(path);
  if (key === undefined) {
    const fresh = randomBytes(MIN_SIGNING_KEY_BYTES).toString('hex');
    try {
      // `wx`: another start that got there first keeps its key, and this one reads it below.
      await writeFile(path, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new LocalStackError(
          `cannot write the link signing key to ${path}: ${(error as Error).message}`,
          { cause: error },
        );
      }
    }
    key = await readKey(path);
  }
  const length = Buffer.byteLength(key ?? '', 'utf8');
  if (key === undefined || length < MIN_SIGNING_KEY_BYTES) {
    // The length only: the key itself never appears in a message.
    throw new LocalStackError(
      `the link signing key in ${path} is ${length} bytes, shorter than ${MIN_SIGNING_KEY_BYTES}: ` +
        'delete the file and the next start makes a new one (links signed with the old key stop working)',
    );
  }
  return key;
}
