import { describe, expect, it } from 'vitest';
import { ConfigError, checkDeployableConfig, parseDeploymentConfig } from '../../../lib/config';
import { ACME } from './support/config-input';

const UNDER_PREFIX = { ...ACME, apiKeySecretName: 'invoice-reports/accounts/acme/api-key' };

function problemsOf(input: unknown): string[] {
  try {
    checkDeployableConfig(parseDeploymentConfig(input));
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  return [];
}

describe('checkDeployableConfig', () => {
  it('accepts account keys under the account secret prefix', () => {
    expect(problemsOf({ accounts: [UNDER_PREFIX] })).toEqual([]);
    expect(
      problemsOf({
        accounts: [{ ...ACME, apiKeySecretName: 'merchants/acme' }],
        accountSecretPrefix: 'merchants/',
      }),
    ).toEqual([]);
  });

  it('names each account key outside the prefix, with the name it could have', () => {
    expect(
      problemsOf({ accounts: [UNDER_PREFIX, { ...ACME, name: 'globex', apiKeySecretName: 'globex-key' }] }),
    ).toEqual([
      'accounts[1].apiKeySecretName: must start with accountSecretPrefix "invoice-reports/accounts/": the functions may read account keys under it only (for example "invoice-reports/accounts/globex/api-key")',
    ]);
  });

  it('refuses a prefix that would let every function read the report API token or the signing key', () => {
    expect(
      problemsOf({
        accounts: [{ ...ACME, apiKeySecretName: 'invoice-reports/acme/api-key' }],
        accountSecretPrefix: 'invoice-reports/',
      }),
    ).toEqual([
      'reportApiTokenSecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
      'linkSigningKeySecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
    ]);
  });
});
