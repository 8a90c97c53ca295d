import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../config';
import { MIN_SIGNING_KEY_BYTES } from '../delivery';
import { MIN_ACCOUNT_TOKEN_KEY_BYTES } from '../report-api';
import { LocalStackError } from './errors';

/**
 * Creates the state folder and its `s3/` and `work/` owner-only: they hold keys and merchants' figures. A
 * wider mode is tightened (a warning is easy to miss); a shared folder (sticky bit) is a `UsageError`.
 * `work/` is emptied: what is found there is what a killed start left behind.
 */
export async function prepareStateDirs(stateDir: string) {
  const dirs = { stateDir, s3Directory: join(stateDir, 's3'), workDir: join(stateDir, 'work') };
  /** The folders that had group or other permissions. */
  const tightened: { path: string; previousMode: number }[] = [];
  try {
    for (const path of [dirs.stateDir, dirs.s3Directory, dirs.workDir]) {
      await mkdir(path, { recursive: true, mode: 0o700 });
      const { mode } = await stat(path);
      if (mode & 0o1000) {
        throw new UsageError(
          `${path} is a folder shared by several users (sticky bit): set LOCAL_STATE_DIR to a folder of its own, such as ${join(path, 'invoice-reports-state')}`,
        );
      }
      if ((mode & 0o077) === 0) continue;
      await chmod(path, mode & 0o700);
      tightened.push({ path, previousMode: mode & 0o777 });
    }
    for (const entry of await readdir(dirs.workDir)) {
      await rm(join(dirs.workDir, entry), { recursive: true, force: true });
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new LocalStackError(`cannot use ${stateDir} for the local state: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return { ...dirs, tightened };
}

/** A key the local stack makes once and keeps in its state folder; `lost`: what stops when it is replaced. */
type StateKey = { file: string; minBytes: number; lost: string };

export const LINK_SIGNING_KEY: StateKey = {
  file: 'link-signing-key',
  minBytes: MIN_SIGNING_KEY_BYTES,
  lost: 'links signed with the old key',
};
/** The key the local accounts' report API tokens are derived from. */
export const ACCOUNT_TOKEN_KEY: StateKey = {
  file: 'account-token-key',
  minBytes: MIN_ACCOUNT_TOKEN_KEY_BYTES,
  lost: 'account tokens made from the old key',
};

/**
 * A key made once (random bytes as hex digits) and kept owner-only in `<stateDir>/<file>`, so that the
 * links and tokens an earlier `npm start` printed or emailed still work after a restart.
 */
export async function loadStateKey(stateDir: string, key: StateKey): Promise<string> {
  const path = join(stateDir, key.file);
  const name = key.file.replaceAll('-', ' ');
  const fail = (doing: 'read' | 'write', error: unknown) => {
    const where = `${doing === 'read' ? 'at' : 'to'} ${path}`;
    return new LocalStackError(`cannot ${doing} the ${name} ${where}: ${(error as Error).message}`, {
      cause: error,
    });
  };
  const read = () =>
    readFile(path, 'utf8').then(
      (text) => text.trim(),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw fail('read', error);
      },
    );
  let value = await read();
  if (value === undefined) {
    // Written aside, then linked into place: `link` refuses an existing file (a start that got there first
    // keeps its key, read below) and, unlike `wx` on the file itself, never shows a half-written one.
    const aside = `${path}.${randomBytes(8).toString('hex')}`;
    const text = `${randomBytes(key.minBytes).toString('hex')}\n`;
    try {
      await writeFile(aside, text, { flag: 'wx', mode: 0o600 });
      await link(aside, path).catch((error: NodeJS.ErrnoException) => {
        // A file system without hard links: `wx` in place, where a racing start may see the file half-written.
        if (!['EPERM', 'ENOTSUP', 'ENOSYS'].includes(error.code ?? '')) throw error;
        return writeFile(path, text, { flag: 'wx', mode: 0o600 });
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fail('write', error);
    } finally {
      await rm(aside, { force: true });
    }
    value = await read();
  }
  const length = Buffer.byteLength(value ?? '', 'utf8');
  if (value === undefined || length < key.minBytes) {
    // The length only: the key itself never appears in a message.
    throw new LocalStackError(
      `the ${name} in ${path} is ${length} bytes, shorter than ${key.minBytes}: ` +
        `delete the file and the next start makes a new one (${key.lost} stop working)`,
    );
  }
  return value;
}
