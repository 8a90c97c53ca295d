import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStackError } from '../../../lib/local/errors';
import { ACCOUNT_TOKEN_KEY, LINK_SIGNING_KEY, loadStateKey } from '../../../lib/local/state-keys';

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

  it('gives two starts racing for a new key the same one', async () => {
    const [first, second] = await Promise.all([loadStateKey(stateDir, key), loadStateKey(stateDir, key)]);
    expect(second).toBe(first);
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
