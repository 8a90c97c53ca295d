import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../../lib/config';
import { LocalStackError } from '../../../lib/local/errors';
import {
  ACCOUNT_TOKEN_KEY,
  LINK_SIGNING_KEY,
  loadStateKey,
  prepareStateDirs,
} from '../../../lib/local/state';

async function modeOf(path: string): Promise<number> {
  return (await stat(path)).mode & 0o7777;
}

describe('prepareStateDirs', () => {
  let parent: string;

  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), 'state-dir-'));
  });

  afterEach(async () => {
    await rm(parent, { recursive: true, force: true });
  });

  it('creates the state folder, its s3/ and work/ readable by their owner only', async () => {
    const stateDir = join(parent, 'nested', '.local');
    const dirs = await prepareStateDirs(stateDir);
    expect(dirs).toEqual({
      stateDir,
      s3Directory: join(stateDir, 's3'),
      workDir: join(stateDir, 'work'),
      tightened: [],
    });
    expect(await modeOf(stateDir)).toBe(0o700);
    expect(await modeOf(join(stateDir, 's3'))).toBe(0o700);
    expect(await modeOf(join(stateDir, 'work'))).toBe(0o700);
  });

  it('empties work/ of what a start that was killed left there, and keeps s3/', async () => {
    const stateDir = join(parent, '.local');
    const leftover = join(stateDir, 'work', 'report-demo-2026-10-a1b2c3');
    await mkdir(join(leftover, 'hidden'), { recursive: true });
    await writeFile(join(leftover, 'paid-invoices.csv'), 'id\r\n');
    await mkdir(join(stateDir, 's3', 'bucket'), { recursive: true });
    await prepareStateDirs(stateDir);
    expect(await readdir(join(stateDir, 'work'))).toEqual([]);
    expect(await readdir(join(stateDir, 's3'))).toEqual(['bucket']);
  });

  it('tightens folders an earlier start left world-readable, and says which', async () => {
    const stateDir = join(parent, '.local');
    await mkdir(join(stateDir, 's3'), { recursive: true });
    await chmod(stateDir, 0o755);
    await chmod(join(stateDir, 's3'), 0o775);
    const { tightened } = await prepareStateDirs(stateDir);
    expect(await modeOf(stateDir)).toBe(0o700);
    expect(await modeOf(join(stateDir, 's3'))).toBe(0o700);
    expect(tightened).toEqual([
      { path: stateDir, previousMode: 0o755 },
      { path: join(stateDir, 's3'), previousMode: 0o775 },
    ]);
  });

  it('leaves a private folder as it is', async () => {
    const stateDir = join(parent, 'private');
    await mkdir(stateDir, { mode: 0o700 });
    await prepareStateDirs(stateDir);
    expect((await prepareStateDirs(stateDir)).tightened).toEqual([]);
    expect(await modeOf(stateDir)).toBe(0o700);
  });

  it('refuses a folder shared by several users, and changes nothing', async () => {
    const shared = join(parent, 'shared');
    await mkdir(shared);
    await chmod(shared, 0o1777);
    const error = await prepareStateDirs(shared).catch((caught: unknown) => caught);
    // A setting to change, which `npm start` exits with 2 for.
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(
      `${shared} is a folder shared by several users (sticky bit): set LOCAL_STATE_DIR to a folder of its own`,
    );
    expect(await modeOf(shared)).toBe(0o1777);
  });

  it('says which folder it cannot use when a file is in the way', async () => {
    const stateDir = join(parent, 'taken');
    await mkdir(stateDir);
    await writeFile(join(stateDir, 's3'), 'a file');
    await expect(prepareStateDirs(stateDir)).rejects.toThrow(`cannot use ${stateDir} for the local state`);
  });
});

describe.each([
  ['the link signing key', LINK_SIGNING_KEY, 'link-signing-key', 'links signed with the old key'],
  ['the account token key', ACCOUNT_TOKEN_KEY, 'account-token-key', 'account tokens made from the old key'],
])('loadStateKey: %s', (name, key, file, lost) => {
  let stateDir: string;

  beforeEach(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'state-key-'));
  });

  afterEach(async () => {
    await rm(stateDir, { recursive: true, force: true });
  });

  it('makes a key of 32 random bytes as 64 hex digits, readable by its owner only', async () => {
    const value = await loadStateKey(stateDir, key);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    const path = join(stateDir, file);
    expect(await readFile(path, 'utf8')).toBe(`${value}\n`);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('returns the same key on every later start', async () => {
    const first = await loadStateKey(stateDir, key);
    expect(await loadStateKey(stateDir, key)).toBe(first);
  });

  it('gives starts racing for a new key the same one, never a half-written file', async () => {
    // A start that read the file between its creation and its write saw 0 bytes about once in 300 races.
    for (let round = 0; round < 200; round += 1) {
      const dir = join(stateDir, String(round));
      await mkdir(dir);
      const keys = await Promise.all([1, 2, 3].map(() => loadStateKey(dir, key)));
      expect(new Set(keys).size).toBe(1);
      expect(await readdir(dir)).toEqual([file]);
    }
  });

  it('uses a key written by hand, without its trailing newline', async () => {
    const handMade = 'k'.repeat(40);
    await writeFile(join(stateDir, file), `${handMade}\n`);
    expect(await loadStateKey(stateDir, key)).toBe(handMade);
  });

  it('refuses a key shorter than 32 bytes, leaving the file as it was and never printing the key', async () => {
    const path = join(stateDir, file);
    await writeFile(path, 'short-secret\n');
    const error = await loadStateKey(stateDir, key).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalStackError);
    const { message } = error as LocalStackError;
    expect(message).toBe(
      `the ${name.replace('the ', '')} in ${path} is 12 bytes, shorter than 32: delete the file and the next start makes a new one (${lost} stop working)`,
    );
    expect(message).not.toContain('short-secret');
    expect(await readFile(path, 'utf8')).toBe('short-secret\n');
  });

  it('says which file it cannot write when the state directory is missing', async () => {
    const missing = join(stateDir, 'not-there');
    await expect(loadStateKey(missing, key)).rejects.toThrow(
      `cannot write the ${name.replace('the ', '')} to ${join(missing, file)}`,
    );
  });
});
