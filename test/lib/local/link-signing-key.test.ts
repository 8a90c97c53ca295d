import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStackError } from '../../../lib/local/errors';
import { loadLinkSigningKey } from '../../../lib/local/link-signing-key';

describe('loadLinkSigningKey', () => {
  let stateDir: string;

  beforeEach(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'signing-key-'));
  });

  afterEach(async () => {
    await rm(stateDir, { recursive: true, force: true });
  });

  it('makes a key of 32 random bytes as 64 hex digits, readable by its owner only', async () => {
    const key = await loadLinkSigningKey(stateDir);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const path = join(stateDir, 'link-signing-key');
    expect(await readFile(path, 'utf8')).toBe(`${key}\n`);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('returns the same key on every later start', async () => {
    const first = await loadLinkSigningKey(stateDir);
    expect(await loadLinkSigningKey(stateDir)).toBe(first);
  });

  it('gives two starts racing for a new key the same one', async () => {
    const [first, second] = await Promise.all([loadLinkSigningKey(stateDir), loadLinkSigningKey(stateDir)]);
    expect(second).toBe(first);
  });

  it('uses a key written by hand, without its trailing newline', async () => {
    const handMade = 'k'.repeat(40);
    await writeFile(join(stateDir, 'link-signing-key'), `${handMade}\n`);
    expect(await loadLinkSigningKey(stateDir)).toBe(handMade);
  });

  it('refuses a key shorter than 32 bytes, leaving the file as it was and never printing the key', async () => {
    const path = join(stateDir, 'link-signing-key');
    await writeFile(path, 'short-secret\n');
    const error = await loadLinkSigningKey(stateDir).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalStackError);
    const { message } = error as LocalStackError;
    expect(message).toContain(
      `the link signing key in ${path} is 12 bytes, shorter than 32: delete the file and the next start makes a new one`,
    );
    expect(message).not.toContain('short-secret');
    expect(await readFile(path, 'utf8')).toBe('short-secret\n');
  });

  it('says which file it cannot write when the state directory is missing', async () => {
    const missing = join(stateDir, 'not-there');
    await expect(loadLinkSigningKey(missing)).rejects.toThrow(
      `cannot write the link signing key to ${join(missing, 'link-signing-key')}`,
    );
  });
});
