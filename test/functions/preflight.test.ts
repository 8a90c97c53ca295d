import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, exitCode } from '../support/child-process';

const REPO = join(import.meta.dirname, '../..');

describe('npm run preflight (functions/preflight.ts)', () => {
  const home = mkdtempSync(join(tmpdir(), 'invoice-reports-no-aws-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /** The command in a process with no AWS credentials anywhere: no variables, empty files, no instance metadata. */
  function runWithoutCredentials(args: string[]) {
    const empty = join(home, 'empty');
    writeFileSync(empty, '');
    const child = spawn(process.execPath, ['--import', 'tsx', 'functions/preflight.ts', ...args], {
      cwd: REPO,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        AWS_CONFIG_FILE: empty,
        AWS_SHARED_CREDENTIALS_FILE: empty,
        AWS_EC2_METADATA_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { output: collect(child), status: exitCode(child) };
  }

  // The command's usage and findings are runPreflightCommand's tests; here, the SDK's own credential chain.
  it('without credentials, prints one line naming them and exits 1', async () => {
    const { output, status } = runWithoutCredentials([]);
    const code = await status;
    expect(code).toBe(1);
    const lines = `${output.stdout()}${output.stderr()}`.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^AWS credentials: none found \(.+\)\. Fix: .*AWS_PROFILE/);
  });
});
