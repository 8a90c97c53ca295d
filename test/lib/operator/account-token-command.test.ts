import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AwsSecretSource } from '../../../lib/delivery/secrets';
import { ACCOUNT_TOKEN_USAGE, runAccountTokenCommand } from '../../../lib/operator/account-token-command';
import {
  type SecretsManagerStandIn,
  startSecretsManagerStandIn,
} from '../../support/secrets-manager-stand-in';

const KEY = 'operator-side-account-token-key-0123456789';

function documentedToken(account: string, generation: number): string {
  const mac = createHmac('sha256', KEY).update(`account-token-v1\n${account}\n${generation}`).digest();
  return `acct_${account}_${mac.toString('base64url')}`;
}

const account = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  apiUrl: 'https://api.example.com',
  apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
  timezone: 'Europe/Berlin',
  recipients: ['books@example.com'],
  sender: 'reports@example.com',
  ...extra,
});

describe('runAccountTokenCommand', () => {
  let secretsManager: SecretsManagerStandIn;
  let client: SecretsManagerClient;
  let repo: string;

  beforeAll(async () => {
    secretsManager = await startSecretsManagerStandIn();
    secretsManager.secrets.set('invoice-reports/account-token-key', { string: `${KEY}\n` });
    secretsManager.secrets.set('merchants/token-key', { string: 'short' });
    client = new SecretsManagerClient({
      endpoint: secretsManager.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret' },
    });
    repo = await mkdtemp(join(tmpdir(), 'account-token-'));
    await writeFile(
      join(repo, 'cdk.json'),
      JSON.stringify({
        app: 'npx tsx infra/app.ts',
        context: {
          invoiceReports: { accounts: [account('acme'), account('globex')], alarmEmail: 'ops@example.com' },
        },
      }),
    );
    await writeFile(
      join(repo, 'production.json'),
      JSON.stringify({
        accounts: [account('acme', { tokenGeneration: 3 })],
        alarmEmail: 'ops@example.com',
      }),
    );
    await writeFile(
      join(repo, 'many.json'),
      JSON.stringify({
        accounts: Array.from({ length: 12 }, (_, index) => account(`shop-${index + 1}`)),
        alarmEmail: 'ops@example.com',
      }),
    );
    await writeFile(
      join(repo, 'short-key.json'),
      JSON.stringify({
        accounts: [account('acme')],
        accountTokenKeySecretName: 'merchants/token-key',
        alarmEmail: 'ops@example.com',
      }),
    );
  });

  afterAll(async () => {
    client.destroy();
    await secretsManager.close();
    await rm(repo, { recursive: true, force: true });
  });

  async function run(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runAccountTokenCommand(argv, {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      cwd: repo,
      secrets: new AwsSecretSource({ client }),
    });
    return { code, stdout, stderr };
  }

  it("prints the account's token alone on stdout, from the key in Secrets Manager", async () => {
    const result = await run('--account', 'globex');
    expect(result).toEqual({
      code: 0,
      stdout: `${documentedToken('globex', 1)}\n`,
      stderr:
        "account-token: the report API token of globex (token generation 1); it reads globex's reports only. Hand it over as you would a password.\n",
    });
    expect(secretsManager.requests.at(-1)).toBe(
      'secretsmanager.GetSecretValue invoice-reports/account-token-key',
    );
  });

  it("reads the configuration file the deployment was made with, and the account's token generation", async () => {
    const result = await run('--account', 'acme', '--config-file', 'production.json');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${documentedToken('acme', 3)}\n`);
  });

  it('refuses an account the configuration does not have, naming the configuration and its accounts', async () => {
    expect(await run('--account', 'initech')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'account-token: there is no account "initech" in cdk.json\'s context.invoiceReports (its accounts: acme, globex)\n',
    });
    expect((await run('--account', 'globex', '--config-file', 'production.json')).stderr).toBe(
      'account-token: there is no account "globex" in production.json (its accounts: acme)\n',
    );
    expect((await run('--account', 'acme', '--config-file', 'many.json')).stderr).toBe(
      'account-token: there is no account "acme" in many.json (its accounts: shop-1, shop-2, shop-3, shop-4, shop-5, shop-6, shop-7, shop-8, shop-9, shop-10 and 2 more)\n',
    );
  });

  it.each([[[]], [['--account']], [['--acount', 'acme']], [['acme']]])(
    'answers %j with the usage and exit status 2',
    async (argv) => {
      const result = await run(...argv);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^account-token: .+\n\nusage: npm run account-token -- --account NAME/);
    },
  );

  it('prints the usage on --help', async () => {
    expect(await run('--help')).toEqual({ code: 0, stdout: ACCOUNT_TOKEN_USAGE, stderr: '' });
  });

  it('names a configuration file it cannot read', async () => {
    const result = await run('--account', 'acme', '--config-file', 'missing.json');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('configFile: cannot read "missing.json" (ENOENT)');
  });

  it('says why the key cannot be read, and never prints a key', async () => {
    secretsManager.secrets.delete('invoice-reports/account-token-key');
    try {
      const missing = await run('--account', 'acme');
      expect(missing.code).toBe(1);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toBe(
        'account-token: cannot read secret "invoice-reports/account-token-key": ResourceNotFoundException: Secrets Manager can\'t find the specified secret.\n',
      );
    } finally {
      secretsManager.secrets.set('invoice-reports/account-token-key', { string: KEY });
    }
    const short = await run('--account', 'acme', '--config-file', 'short-key.json');
    expect(short).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'account-token: the account token key cannot be used: merchants/token-key: is 5 bytes; it must be at least 32 bytes of random data\n',
    });
  });

  describe('with no AWS region set', () => {
    afterEach(() => {
      vi.unstubAllEnvs();
    });

    /** An operator's shell without a region: no AWS_REGION and no AWS configuration files to hold one. */
    function withoutRegion(region?: string) {
      vi.stubEnv('AWS_REGION', region);
      vi.stubEnv('AWS_PROFILE', undefined);
      vi.stubEnv('AWS_CONFIG_FILE', join(repo, 'no-aws-config'));
      vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(repo, 'no-aws-credentials'));
    }

    async function runAsOperator() {
      let stdout = '';
      let stderr = '';
      const code = await runAccountTokenCommand(['--account', 'acme'], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { write: (text: string) => (stderr += text) },
        cwd: repo,
      });
      return { code, stdout, stderr };
    }

    const advice =
      'set AWS_REGION to the region the stack is deployed in, as in AWS_REGION=eu-west-1 npm run account-token -- --account NAME, ' +
      'or give your AWS profile a region (aws configure set region eu-west-1)\n';

    it('says to set AWS_REGION or a region in the profile, and exits 2', async () => {
      withoutRegion();
      expect(await runAsOperator()).toEqual({
        code: 2,
        stdout: '',
        stderr: `account-token: no AWS region to read the key from (Region is missing): ${advice}`,
      });
    });

    it('says the same of an empty AWS_REGION', async () => {
      withoutRegion('');
      expect(await runAsOperator()).toEqual({
        code: 2,
        stdout: '',
        stderr: `account-token: no AWS region to read the key from (Region not accepted: region="" is not a valid hostname component): ${advice}`,
      });
    });
  });
});
