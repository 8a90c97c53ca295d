import { describe, expect, it } from 'vitest';
import { ConfigError, deployableConfigIssues, parseDeploymentConfig } from '../../../lib/config';
import { ACME, ALARM_EMAIL } from './support/config-input';

const UNDER_PREFIX = { ...ACME, apiKeySecretName: 'invoice-reports/accounts/acme/api-key' };

/** The year the schedules are checked from: the clock changes are those of 2026 and the 27 years after. */
const FROM_YEAR = 2026;

function problemsOf(input: unknown): string[] {
  const issues = deployableConfigIssues(parseDeploymentConfig(input), FROM_YEAR);
  return issues.map((issue) => `${issue.path}: ${issue.message}`);
}

describe('deployableConfigIssues', () => {
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

  it('refuses a prefix that would let every function read the report API token, the signing key or the account token key', () => {
    expect(
      problemsOf({
        accounts: [{ ...ACME, apiKeySecretName: 'invoice-reports/acme/api-key' }],
        accountSecretPrefix: 'invoice-reports/',
        alarmEmail: ALARM_EMAIL,
      }),
    ).toEqual([
      'reportApiTokenSecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
      'linkSigningKeySecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
      'accountTokenKeySecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
    ]);
  });

  describe('a schedule at a time the clocks skip', () => {
    // EventBridge Scheduler skips a run whose local time does not exist, so that month's report would
    // never be sent.
    it.each([
      [
        { timezone: 'Europe/Berlin', schedule: { dayOfMonth: 26, hour: 2, minute: 30 } },
        'accounts[0].schedule.hour: 02:30 on day 26 does not exist in Europe/Berlin on 2028-03-26',
      ],
      [
        { timezone: 'America/New_York', schedule: { dayOfMonth: 10, hour: 2 } },
        'accounts[0].schedule.hour: 02:00 on day 10 does not exist in America/New_York on 2030-03-10',
      ],
    ])('refuses schedule %j', (fields, expected) => {
      const problems = problemsOf({ accounts: [{ ...UNDER_PREFIX, ...fields }], alarmEmail: ALARM_EMAIL });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain(expected);
    });

    it('accepts the hour that comes twice when the clocks go back, which the scheduler runs once', () => {
      // New York's clocks go back from 02:00 to 01:00 on the first Sunday of November, and skip 02:00 to
      // 03:00 on the second Sunday of March: 01:30 on the 3rd comes twice some Novembers, and always exists.
      const account = {
        ...UNDER_PREFIX,
        timezone: 'America/New_York',
        schedule: { dayOfMonth: 3, hour: 1, minute: 30 },
      };
      expect(problemsOf({ accounts: [account], alarmEmail: ALARM_EMAIL })).toEqual([]);
    });
  });
});

describe('deployableConfigIssues with the schema (what synth runs)', () => {
  function synthProblems(input: unknown): string[] {
    try {
      parseDeploymentConfig(input, 'configuration file prod.json', (config) =>
        deployableConfigIssues(config, FROM_YEAR),
      );
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/^Invalid configuration file prod\.json:\n/);
      return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
    }
    return [];
  }

  // Berlin's clocks skip 02:00 to 03:00 on the last Sunday of March: 26 March 2028 is one.
  const SKIPPED_IN_BERLIN = { dayOfMonth: 26, hour: 2, minute: 30 };

  it('names a bad field, a rule between fields and a deployment check of three accounts at once', () => {
    const problems = synthProblems({
      accounts: [
        { ...UNDER_PREFIX, timezone: 'Mars/Base', schedule: SKIPPED_IN_BERLIN },
        { ...UNDER_PREFIX, name: 'globex', senderIdentity: 'globex.example' },
        { ...UNDER_PREFIX, name: 'initech', apiKeySecretName: 'initech-key', schedule: SKIPPED_IN_BERLIN },
      ],
      alarmEmail: ALARM_EMAIL,
    });
    // The first account's schedule is not checked: its time zone is unknown.
    expect(problems).toHaveLength(4);
    expect(problems.slice(0, 3)).toEqual([
      'accounts[0].timezone: unknown time zone "Mars/Base"',
      'accounts[1].senderIdentity: does not cover the sender address "reports@example.com"',
      'accounts[2].apiKeySecretName: must start with accountSecretPrefix "invoice-reports/accounts/": the functions may read account keys under it only (for example "invoice-reports/accounts/initech/api-key")',
    ]);
    expect(problems[3]).toContain(
      'accounts[2].schedule.hour: 02:30 on day 26 does not exist in Europe/Berlin on 2028-03-26',
    );
  });

  it('skips a check only where a field it needs is wrong', () => {
    expect(
      synthProblems({
        accounts: [
          { ...ACME, apiKeySecretName: 'arn:aws:secretsmanager:x' },
          {
            ...ACME,
            name: 'globex',
            apiKeySecretName: 'globex-key',
            schedule: { ...SKIPPED_IN_BERLIN, minute: 60 },
          },
        ],
        accountSecretPrefix: 'invoice-reports/',
        reportApiTokenSecretName: 'arn:aws:secretsmanager:token',
        alarmEmail: ALARM_EMAIL,
      }),
    ).toEqual([
      'accounts[0].apiKeySecretName: must be a Secrets Manager secret name (letters, digits and /_+=.@-), not an ARN',
      'accounts[1].schedule.minute: must be a whole number from 0 to 59',
      'reportApiTokenSecretName: must be a Secrets Manager secret name (letters, digits and /_+=.@-), not an ARN',
      'accounts[1].apiKeySecretName: must start with accountSecretPrefix "invoice-reports/": the functions may read account keys under it only (for example "invoice-reports/globex/api-key")',
      'linkSigningKeySecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
      'accountTokenKeySecretName: must not start with accountSecretPrefix "invoice-reports/": every function may read the account secrets',
    ]);
  });
});
