import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePort } from '../../lib/local/stack';
import { collect, exitCode, waitFor } from '../support/child-process';
import { freePorts } from '../support/free-ports';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STACK_VARIABLES = [
  'REPORT_API_PORT',
  'SANDBOX_PORT',
  'S3_EMULATOR_PORT',
  'SES_EMULATOR_PORT',
  'REPORT_API_TOKEN',
  'SANDBOX_API_KEY',
  'LOCAL_TIMEZONE',
  'LOCAL_STATE_DIR',
];

/**
 * What `npm start` runs: Node with tsx's loader, so that Ctrl-C (SIGINT) reaches the stack itself. npm
 * itself is left out: it adds seconds and a process between the test and the stack.
 */
function startCommand(env: Record<string, string>): ChildProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !STACK_VARIABLES.includes(name)),
  );
  return spawn(process.execPath, ['--import', 'tsx', 'functions/local-stack.ts'], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function portEnv(): Promise<{ env: Record<string, string>; ports: number[] }> {
  const ports = await freePorts(4);
  const [reportApi, sandbox, s3, ses] = ports.map(String) as [string, string, string, string];
  return {
    ports,
    env: { REPORT_API_PORT: reportApi, SANDBOX_PORT: sandbox, S3_EMULATOR_PORT: s3, SES_EMULATOR_PORT: ses },
  };
}

describe('npm start', () => {
  let stateDir: string;

  beforeAll(async () => {
    stateDir = await mkdtemp(join(tmpdir(), 'npm-start-'));
  });

  afterAll(async () => {
    await rm(stateDir, { recursive: true, force: true });
  });

  // tsx compiles the stack, which starts five servers and builds two reports before it prints the block:
  // 15 s on a quiet machine, far more beside the other server tests. It waits for output, never a time.
  it('prints the block with a link that opens the report for each local account, and stops cleanly on Ctrl-C', async () => {
    const { env, ports } = await portEnv();
    const child = startCommand({ ...env, LOCAL_STATE_DIR: stateDir });
    const output = collect(child);
    const exited = exitCode(child);
    try {
      const [, link] = await waitFor(
        child,
        output.stdout,
        /Open the report +(http:\/\/\S+)[\s\S]*Ctrl-C stops everything/,
        'npm start',
      );
      expect(link).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${ports[0]}/reports/demo/\\d{4}-\\d{2}/report\\.html\\?`),
      );
      expect(output.stdout()).toContain(
        `  Report API          http://127.0.0.1:${ports[0]}   operator token: local-dev-token (reads every account)`,
      );
      // The demo account's own token, and the list of its reports as the email links it.
      const token = /\n {2}demo \(UTC\)[^\n]*\n(?: {4}.*\n)*? {4}API token +(acct_demo_\S+)\n/.exec(
        output.stdout(),
      )?.[1];
      const allReports = /All reports +(http:\/\/\S+)/.exec(output.stdout())?.[1];
      expect(token).toMatch(/^acct_demo_[A-Za-z0-9_-]{43}$/);
      const listed = await fetch(`http://127.0.0.1:${ports[0]}/reports/demo`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      expect(listed.status).toBe(200);
      const index = await fetch(allReports!, { headers: { Accept: 'text/html' } });
      expect(index.status).toBe(200);
      expect(await index.text()).toContain('All reports');
      expect(output.stdout()).toContain(`  Mail viewer         http://127.0.0.1:${ports[3]}/`);
      // The second local account, in another time zone, went through the fan-out too.
      expect(output.stdout()).toMatch(
        new RegExp(
          `\\n {2}demo-tokyo \\(Asia/Tokyo\\) +\\w+ \\d{4}, emailed to tokyo-office@example\\.com\\n {4}Open the report +http://127\\.0\\.0\\.1:${ports[0]}/reports/demo-tokyo/`,
        ),
      );

      const redirect = await fetch(link!, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const page = await fetch(redirect.headers.get('location')!);
      expect((await page.text()).startsWith('<!doctype html>')).toBe(true);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(output.stderr()).toMatch(/stopped\n$/);
    for (const port of ports) expect(await probePort(port)).toBe('free');
  }, 120_000);

  it('stops cleanly on Ctrl-C as it starts building the first reports, and leaves no build folder', async () => {
    const { env, ports } = await portEnv();
    const fresh = await mkdtemp(join(tmpdir(), 'npm-start-stop-'));
    try {
      const child = startCommand({ ...env, LOCAL_STATE_DIR: fresh });
      const output = collect(child);
      const exited = exitCode(child);
      await waitFor(child, output.stderr, /building the \w+ \d{4} report for demo /, 'npm start');
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      // The reports are small here and may be done before the signal is seen: either way, a clean stop.
      expect(output.stderr()).toMatch(/\nstopping\.\.\.\n(?:[\s\S]*\n)?stopped\n$/);
      expect(output.stderr()).not.toMatch(/ failed: /);
      expect(await readdir(join(fresh, 'work'))).toEqual([]);
      for (const port of ports) expect(await probePort(port)).toBe('free');
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it('exits with 2 and one line naming the variable for a bad port', async () => {
    const child = startCommand({ REPORT_API_PORT: 'three thousand', LOCAL_STATE_DIR: stateDir });
    const output = collect(child);
    expect(await exitCode(child)).toBe(2);
    expect(output.stderr()).toBe(
      'npm start: REPORT_API_PORT must be a port number from 0 to 65535 (0 picks a free one), not "three thousand"\n',
    );
    expect(output.stdout()).toBe('');
  });

  // Which port is named is stack.ts's to test; here, the last one checked, refused as a process would be.
  it('exits with 1 naming the variable when a port is in use, leaving nothing running or created', async () => {
    const { env, ports } = await portEnv();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(ports[3], '127.0.0.1', resolve));
    const newStateDir = join(stateDir, 'never-created');
    try {
      const child = startCommand({ ...env, LOCAL_STATE_DIR: newStateDir });
      const output = collect(child);
      expect(await exitCode(child)).toBe(1);
      expect(output.stderr().trim().split('\n').at(-1)).toBe(
        `npm start: port ${ports[3]} (SES emulator) is in use: set SES_EMULATOR_PORT to another port`,
      );
      expect(output.stdout()).toBe('');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    for (const port of ports) expect(await probePort(port)).toBe('free');
    await expect(stat(newStateDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
