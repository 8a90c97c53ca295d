import { chmod, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../config';
import { LocalStackError } from './errors';

/** Owner only: the state holds the link signing key and reports with merchants' figures. */
export const STATE_DIR_MODE = 0o700;

/** Group and other permission bits: none may remain on a state folder. */
const SHARED_BITS = 0o077;

/** The sticky bit marks a folder shared by several users, such as `/tmp`. */
const STICKY_BIT = 0o1000;

/** The folders of the local state. */
export interface StateDirs {
  /** The state folder itself (`.local` or `LOCAL_STATE_DIR`). */
  stateDir: string;
  /** The S3 emulator's objects. */
  s3Directory: string;
  /** Build folders of the reports; emptied at every start. */
  workDir: string;
  /** The folders that existed with group or other permissions and were made owner-only. */
  tightened: { path: string; previousMode: number }[];
}

/** Creates `path` owner-only, or removes group and other permissions from an existing folder. */
async function makePrivate(path: string, tightened: StateDirs['tightened']): Promise<void> {
  await mkdir(path, { recursive: true, mode: STATE_DIR_MODE });
  const { mode } = await stat(path);
  if (mode & STICKY_BIT) {
    throw new UsageError(
      `${path} is a folder shared by several users (sticky bit): set LOCAL_STATE_DIR to a folder of its own, such as ${join(path, 'invoice-reports-state')}`,
    );
  }
  if ((mode & SHARED_BITS) === 0) return;
  await chmod(path, mode & STATE_DIR_MODE);
  tightened.push({ path, previousMode: mode & 0o777 });
}

/**
 * Creates the local state folder and its `s3/` and `work/` with mode 0700. A folder that exists with a
 * wider mode (an earlier version made them world-readable) is tightened rather than warned about: the
 * state folder belongs to the local stack alone (its start block says `rm -rf` it to start afresh), and
 * a warning among the start lines is easy to miss while the signing key stays readable. A shared folder
 * such as `/tmp` (sticky bit) is refused instead of changed. What `work/` holds is removed: a report's
 * build folder lives there only while it is built, so anything found is what a start that was killed
 * left behind.
 * @throws UsageError for a shared folder (`LOCAL_STATE_DIR` must change); LocalStackError when
 * a folder cannot be created or made private
 */
export async function prepareStateDirs(stateDir: string): Promise<StateDirs> {
  const dirs = { stateDir, s3Directory: join(stateDir, 's3'), workDir: join(stateDir, 'work') };
  const tightened: StateDirs['tightened'] = [];
  try {
    for (const path of [dirs.stateDir, dirs.s3Directory, dirs.workDir]) await makePrivate(path, tightened);
    for (const entry of await readdir(dirs.workDir)) {
      await rm(join(dirs.workDir, entry), { recursive: true, force: true });
    }
  } catch (error) {
    if (error instanceof LocalStackError || error instanceof UsageError) throw error;
    throw new LocalStackError(`cannot use ${stateDir} for the local state: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return { ...dirs, tightened };
}
