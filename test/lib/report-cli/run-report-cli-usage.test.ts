import { describe, expect, it } from 'vitest';
import { runReportCli } from '../../../lib/report-cli/run-report-cli';

/** What the CLI exits with and prints for arguments it refuses or answers without asking any service. */
async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runReportCli(argv, {
    stdout: { write: (text: string) => out.push(text) },
    stderr: { isTTY: false, write: (text: string) => err.push(text) },
    env: {},
    now: () => new Date('2026-10-15T12:00:00Z'),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('runReportCli without a service', () => {
  it('keeps a key given on the command line out of a usage error that would echo it', async () => {
    const result = await run(['--api-key', 'secret-on-line', '--api-url', 'secret-on-line']);
    expect(result.code).toBe(2);
    expect(result.stderr).not.toContain('secret-on-line');
    expect(result.stderr).toContain('[redacted]');
  });

  it('prints the usage to stdout and exits 0 for --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Usage: npm run report -- \[--period P\] \[options\]/);
    for (const option of [
      '--period',
      '--month',
      '--timezone',
      '--project',
      '--out',
      '--api-url',
      '--api-key',
      '--concurrency',
      '--page-size',
    ]) {
      expect(result.stdout).toContain(option);
    }
  });

  it('says in --help, as the README does, that --project keeps the payments matched to the project', async () => {
    const result = await run(['--help']);
    expect(result.stdout.split('\n')).toContain(
      "  --project UUID      only this project's invoices (and the payments matched to them)",
    );
  });
});
