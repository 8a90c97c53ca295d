import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SecretsManagerStandIn, startSecretsManagerStandIn } from '../support/secrets-manager-stand-in';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = join(ROOT, 'functions/account-token.ts');
const KEY = 'entry-test-account-token-key-0123456789abcdef';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('functions/account-token.ts', () => {
  let secretsManager: SecretsManagerStandIn;

  beforeAll(async () => {
    secretsManager = await startSecretsManagerStandIn();
    secretsManager.secrets.set('invoice-reports/account-token-key', { string: KEY });
  });

  afterAll(async () => {
    await secretsManager.close();
  });

  /**
   * Runs the entry as `npm run account-token` does, from the repository, as an operator with AWS
   * credentials; `region` replaces the operator's AWS_REGION (null: none).
   */
  function runEntry(args: string[], region: string | null = 'eu-west-1'): Promise<Exit> {
    return new Promise((done) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', ENTRY, ...args],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            ...(region === null ? {} : { AWS_REGION: region }),
            // No configuration files of the machine's own to find a region in.
            AWS_CONFIG_FILE: join(ROOT, 'no-aws-config'),
            AWS_SHARED_CREDENTIALS_FILE: join(ROOT, 'no-aws-credentials'),
            AWS_ACCESS_KEY_ID: 'AKIDOPERATOR',
            AWS_SECRET_ACCESS_KEY: 'operator-secret',
            AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.endpoint,
          },
        },
        (error, stdout, stderr) => done({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
  }

  it("prints the token of cdk.json's account acme, read from Secrets Manager", async () => {
    const result = await runEntry(['--account', 'acme']);
    const mac = createHmac('sha256', KEY).update('account-token-v1\nacme\n1').digest('base64url');
    expect(result.stdout).toBe(`acct_acme_${mac}\n`);
    expect(result.stderr).toContain('the report API token of acme');
    expect(result.code).toBe(0);
  });

  // The command's refusals are runAccountTokenCommand's tests; here, that the process exits 2 with one line.
  it('exits 2 with one line saying to set AWS_REGION when no region is set, no stack trace', async () => {
    const result = await runEntry(['--account', 'acme'], null);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^account-token: no AWS region to read the key from \(Region is missing\): set AWS_REGION /,
    );
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
