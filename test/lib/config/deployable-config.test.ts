import { describe, expect, it } from 'vitest';
import { ConfigError, checkDeployableConfig, parseDeploymentConfig } from '../../../lib/config';
import { ACME, ALARM_EMAIL } from './support/config-input';

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
    expect(problemsOf({ accounts: [UNDER_PREFIX], alarmEmail: ALARM_EMAIL })).toEqual([]);
    expect(
      problemsOf({
        accounts: [{ ...ACME, apiKeySecretName: 'merchants/acme' }],
        accountSecretPrefix: 'merchants/',
        alarmEmail: ALARM_EMAIL,
      }),
    ).toEqual([]);
  });

  it('names each account key outside the prefix, with the name it could have', () => {
    expect(
      problemsOf({
        accounts: [UNDER_PREFIX, { ...ACME, name: 'globex', apiKeySecretName: 'globex-key' }],
        alarmEmail: ALARM_EMAIL,
      }),
    ).toEqual([
      'accounts[1].apiKeySecretName: must start with accountSecretPrefix "invoice-reports/accounts/": the functions may read account keys under it only (for example "invoice-reports/accounts/globex/api-key")',
    ]);
  });

  it('refuses a prefix that would let every function read the report API token or the signing key', () => {
    expect(
      problemsOf({
        accounts: [{ ...ACME, apiKeySecretName: 'invoice-reports/acme/api-key' }],
        accountSecretPrefix: 'invoice-reports/',
        alarmEmail: ALARM_EMAIL,
      }),
    ).toEqual([
      'reportApiTokenSecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
      'linkSigningKeySecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
    ]);
  });
});
