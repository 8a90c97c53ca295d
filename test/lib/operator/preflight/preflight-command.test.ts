import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { PREFLIGHT_USAGE, runPreflightCommand } from '../../../../lib/operator/preflight/preflight-command';
import { ACCOUNT_ID, CONFIG_INPUT, REGION, readyAccount } from './preflight-mocks';

const REPO = join(import.meta.dirname, '../../../..');

/** Runs the command with these arguments; what it printed and its exit status. */
async function run(
  argv: string[],
  options: { cwd?: string; clients?: ReturnType<typeof readyAccount>['clients'] } = {},
) {
  let stdout = '';
  let stderr = '';
  const status = await runPreflightCommand(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: options.cwd ?? REPO,
    clients: () => options.clients ?? readyAccount().clients,
  });
  return { status, stdout, stderr };
}

describe('runPreflightCommand', () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-reports-preflight-'));
  const configFile = join(dir, 'deployment.json');
  writeFileSync(configFile, JSON.stringify(CONFIG_INPUT));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints its usage for --help and exits 0', async () => {
    expect(await run(['--help'])).toEqual({ status: 0, stdout: PREFLIGHT_USAGE, stderr: '' });
    expect(PREFLIGHT_USAGE).toMatch(/^usage: npm run preflight -- \[--config PATH \| -c configFile=PATH\]/);
  });

  it('exits 2 with the usage for an unknown option, a -c other than configFile, or two files', async () => {
    for (const argv of [
      ['--bogus'],
      ['-c', 'invoiceReports={}'],
      ['--config', 'a.json', '-c', 'configFile=b.json'],
    ]) {
      const result = await run(argv);
      expect(result.status, argv.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^preflight: .+\n\nusage: npm run preflight/);
    }
  });

  it('exits 2 naming a configuration file it cannot read', async () => {
    const result = await run(['--config', 'missing.json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^preflight: .*configFile.*missing\.json/s);
  });

  it('reads the file -c configFile=PATH names, relative to the working folder, and exits 0 when deployable', async () => {
    const result = await run(['-c', 'configFile=deployment.json'], { cwd: dir });
    expect(result).toEqual({
      status: 0,
      stdout: `Deployable: AWS account ${ACCOUNT_ID} in ${REGION} (as arn:aws:iam::${ACCOUNT_ID}:user/ops), 2 accounts checked.\n`,
      stderr: '',
    });
  });

  it("reads cdk.json's configuration by default, and exits 1 with a line per finding and a count", async () => {
    const { clients, mocks } = readyAccount();
    mocks.lambda.on(GetAccountSettingsCommand).resolves({
      AccountLimit: { ConcurrentExecutions: 10, UnreservedConcurrentExecutions: 10 },
    });
    const result = await run([], { clients });
    expect(result.status).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    // cdk.json's one account sends as example.com, which the ready account does not have.
    expect(lines.map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      'SES identity example.com',
      `Lambda concurrency in ${REGION}`,
      '2 findings for AWS account 123456789012 in eu-west-1 (as arn',
    ]);
    expect(lines[0]).toMatch(
      /\. Fix: create it \(aws sesv2 create-email-identity --email-identity example\.com/,
    );
  });
});
