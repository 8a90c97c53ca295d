import { describe, expect, it } from 'vitest';
import { checkDeployment, timeZoneSpellingIssues } from '../../infra/deployment-checks';
import { ConfigError, parseDeploymentConfig } from '../../lib/config';

const ACCOUNT = {
  name: 'acme',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/accounts/acme/api-key',
  timezone: 'Europe/Berlin',
  recipients: ['accounting@example.com'],
  sender: 'reports@example.com',
};

describe('timeZoneSpellingIssues', () => {
  it('names the spelling of a zone written in another case than aws-cdk-lib lists it', () => {
    expect(
      timeZoneSpellingIssues({
        accounts: [
          { timezone: 'Asia/Kolkata' },
          { timezone: 'ASIA/KOLKATA' },
          {},
          { timezone: 'Europe/KYIV' },
          { timezone: 'US/Eastern' },
        ],
      }),
    ).toEqual([
      { path: 'accounts[1].timezone', message: 'write the time zone as "Asia/Kolkata"' },
      { path: 'accounts[3].timezone', message: 'write the time zone as "Europe/Kyiv"' },
    ]);
  });
});

describe('checkDeployment', () => {
  it('refuses an all-capitals zone that the schema lets through, for a stack given a parsed configuration', () => {
    // The runtime calls Asia/Kolkata "Asia/Calcutta", so the schema cannot tell the name's spelling.
    const config = parseDeploymentConfig({
      accounts: [{ ...ACCOUNT, timezone: 'ASIA/KOLKATA' }],
      alarmEmail: 'ops@example.com',
    });
    expect(() => checkDeployment(config)).toThrow(ConfigError);
    expect(() => checkDeployment(config)).toThrow(
      'Invalid deployment configuration:\n  - accounts[0].timezone: write the time zone as "Asia/Kolkata"',
    );
  });
});
