import { describe, expect, it } from 'vitest';
import { findAccount, parseDeploymentConfig } from '../../../lib/config';
import { ACME, ALARM_EMAIL, configWith, problemsOf } from './support/config-input';

describe('parseDeploymentConfig: defaults', () => {
  const config = parseDeploymentConfig({ accounts: [ACME], alarmEmail: ALARM_EMAIL });
  const account = config.accounts[0]!;

  it('keeps links for 30 days and reports for 400 days', () => {
    expect(config.linkLifetimeDays).toBe(30);
    expect(config.reportRetentionDays).toBe(400);
  });

  it('names the report API token, link signing key and account token key secrets', () => {
    expect(config.reportApiTokenSecretName).toBe('invoice-reports/report-api-token');
    expect(config.linkSigningKeySecretName).toBe('invoice-reports/link-signing-key');
    expect(config.accountTokenKeySecretName).toBe('invoice-reports/account-token-key');
  });

  it('starts each account at its first token generation', () => {
    expect(account.tokenGeneration).toBe(1);
  });

  it('leaves SES region and project unset and assumes SES production access', () => {
    expect(config.sesRegion).toBeUndefined();
    expect(account.projectId).toBeUndefined();
    expect(config.sesSandbox).toBe(false);
    expect(config.sesAllowAnyIdentity).toBe(false);
  });

  it('keeps account secrets under invoice-reports/accounts/ and reports ten accounts of a slot at once', () => {
    expect(config.accountSecretPrefix).toBe('invoice-reports/accounts/');
    expect(config.maxConcurrentReports).toBe(10);
  });

  it('reserves no concurrency for the report API, which an account whose Lambda quota is still 10 refuses', () => {
    expect(config.reportApiConcurrency).toBeUndefined();
  });

  it('keeps what is given', () => {
    const given = parseDeploymentConfig(
      configWith(
        {
          displayName: 'ACME GmbH',
          senderIdentity: 'reports@example.com',
          projectId: '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c',
          schedule: { dayOfMonth: 2, hour: 7, minute: 30 },
        },
        {
          linkLifetimeDays: 14,
          reportRetentionDays: 90,
          alarmEmail: 'books-alarms@example.com',
          sesRegion: 'eu-west-1',
          reportApiConcurrency: 20,
        },
      ),
    );
    expect(given).toMatchObject({
      reportApiConcurrency: 20,
      linkLifetimeDays: 14,
      reportRetentionDays: 90,
      alarmEmail: 'books-alarms@example.com',
      sesRegion: 'eu-west-1',
      accounts: [
        {
          displayName: 'ACME GmbH',
          senderIdentity: 'reports@example.com',
          projectId: '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c',
          schedule: { dayOfMonth: 2, hour: 7, minute: 30 },
        },
      ],
    });
  });
});

describe('parseDeploymentConfig: errors name the field', () => {
  it.each([
    [{ linkLifetimeDays: 0 }, 'linkLifetimeDays: must be at least 1 day'],
    [{ linkLifetimeDays: 1.5 }, 'linkLifetimeDays: must be a whole number of days'],
    [{ reportRetentionDays: '400' }, 'reportRetentionDays: must be a whole number of days'],
    [
      { linkLifetimeDays: 60, reportRetentionDays: 30 },
      'reportRetentionDays: must be at least linkLifetimeDays (60)',
    ],
    [{ alarmEmail: 'ops' }, 'alarmEmail: must be an email address'],
    [{ sesRegion: 'Frankfurt' }, 'sesRegion: must be an AWS region'],
    [{ sesSandbox: 'yes' }, 'sesSandbox: must be true or false'],
    [
      { reportApiTokenSecretName: 'a secret' },
      'reportApiTokenSecretName: must be a Secrets Manager secret name',
    ],
    [
      { linkSigningKeySecretName: 'invoice-reports/report-api-token' },
      'linkSigningKeySecretName: must differ from reportApiTokenSecretName',
    ],
    [{ alarmEmails: ['ops@example.com'] }, 'alarmEmails: is not a known field'],
    [{ accountSecretPrefix: 'invoice-reports/accounts' }, 'accountSecretPrefix: must end with "/"'],
    [
      { accountSecretPrefix: 'arn:aws:secretsmanager:x/' },
      'accountSecretPrefix: must be a Secrets Manager secret name',
    ],
    [{ maxConcurrentReports: 0 }, 'maxConcurrentReports: must be a whole number from 1 to 40'],
    [{ maxConcurrentReports: 41 }, "maxConcurrentReports: must be at most 40 (Step Functions' inline Map)"],
    [{ maxConcurrentReports: 2.5 }, 'maxConcurrentReports: must be a whole number from 1 to 40'],
    [{ sesAllowAnyIdentity: 'yes' }, 'sesAllowAnyIdentity: must be true or false'],
    [
      { reportApiConcurrency: 0 },
      'reportApiConcurrency: must be at least 1 (0 would turn the report API off)',
    ],
    [{ reportApiConcurrency: 2.5 }, 'reportApiConcurrency: must be a whole number of requests, at least 1'],
    [{ reportApiConcurrency: '20' }, 'reportApiConcurrency: must be a whole number of requests, at least 1'],
  ])('rejects setting %j', (settings, expected) => {
    const problems = problemsOf(configWith({}, settings));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it('says which required fields are missing', () => {
    expect(problemsOf({ accounts: [{ name: 'acme' }], alarmEmail: ALARM_EMAIL })).toEqual([
      'accounts[0].apiUrl: is required',
      'accounts[0].apiKeySecretName: is required',
      'accounts[0].timezone: is required',
      'accounts[0].recipients: is required',
      'accounts[0].sender: is required',
    ]);
    expect(problemsOf({})).toEqual(['accounts: is required', 'alarmEmail: is required']);
  });

  it('requires an address for the alarms, naming the field', () => {
    expect(problemsOf({ accounts: [ACME] })).toEqual(['alarmEmail: is required']);
  });

  it('requires at least one account', () => {
    expect(problemsOf({ accounts: [], alarmEmail: ALARM_EMAIL })).toEqual([
      'accounts: must list at least one account',
    ]);
  });

  it('rejects a duplicate account name, pointing at both', () => {
    expect(problemsOf({ accounts: [ACME, { ...ACME, timezone: 'UTC' }], alarmEmail: ALARM_EMAIL })).toEqual([
      'accounts[1].name: duplicate account name "acme" (also accounts[0].name)',
    ]);
  });

  it('rejects an account key stored in the same secret as the report API token', () => {
    expect(problemsOf(configWith({ apiKeySecretName: 'invoice-reports/report-api-token' }))).toEqual([
      'accounts[0].apiKeySecretName: must differ from the report API token, link signing key and account token key secrets',
    ]);
  });

  it('rejects an account key stored in the same secret as the account token key', () => {
    expect(problemsOf(configWith({ apiKeySecretName: 'invoice-reports/account-token-key' }))).toEqual([
      'accounts[0].apiKeySecretName: must differ from the report API token, link signing key and account token key secrets',
    ]);
  });

  it('rejects an account token key that shares a secret with the operator token or the signing key', () => {
    expect(
      problemsOf(configWith({}, { accountTokenKeySecretName: 'invoice-reports/report-api-token' })),
    ).toEqual([
      'accountTokenKeySecretName: must differ from reportApiTokenSecretName: the account token key is a secret of its own',
    ]);
    expect(
      problemsOf(configWith({}, { accountTokenKeySecretName: 'invoice-reports/link-signing-key' })),
    ).toEqual([
      'accountTokenKeySecretName: must differ from linkSigningKeySecretName: the account token key is a secret of its own',
    ]);
  });

  it.each([
    [0, 'must be a whole number from 1'],
    [1.5, 'must be a whole number from 1'],
    ['2', 'must be a whole number from 1'],
  ])('rejects a token generation of %j', (tokenGeneration, message) => {
    expect(problemsOf(configWith({ tokenGeneration }))).toEqual([`accounts[0].tokenGeneration: ${message}`]);
  });

  it('lists every bad field at once, in one error whose message names each', () => {
    const input = {
      accounts: [
        { ...ACME, timezone: 'Mars/Base' },
        { ...ACME, name: 'beta', sender: 'nobody' },
      ],
      linkLifetimeDays: -1,
      alarmEmail: ALARM_EMAIL,
    };
    expect(() => parseDeploymentConfig(input)).toThrow(
      [
        'Invalid deployment configuration:',
        '  - accounts[0].timezone: unknown time zone "Mars/Base"',
        '  - accounts[1].sender: must be an email address',
        '  - linkLifetimeDays: must be at least 1 day',
      ].join('\n'),
    );
  });

  it('does not echo an API URL that carries credentials', () => {
    try {
      parseDeploymentConfig(configWith({ apiUrl: 'https://merchant:s3cr3t-key@api.example.com' }));
      expect.unreachable('the configuration was accepted');
    } catch (error) {
      expect((error as Error).message).not.toContain('s3cr3t-key');
    }
  });
});

describe('parseDeploymentConfig: every problem at once', () => {
  it('names the rules between fields beside bad fields elsewhere, so that one check names them all', () => {
    expect(
      problemsOf({
        accounts: [
          { ...ACME, timezone: 'Mars/Base' },
          { ...ACME, name: 'globex', sender: 'reports@globex.example', senderIdentity: 'example.com' },
          { ...ACME, recipients: ['a@example.com', 'A@example.com'] },
        ],
        alarmEmail: 'ops',
        linkLifetimeDays: 60,
        reportRetentionDays: 30,
      }),
    ).toEqual([
      'accounts[0].timezone: unknown time zone "Mars/Base"',
      'alarmEmail: must be an email address',
      'accounts[1].senderIdentity: does not cover the sender address "reports@globex.example"',
      'accounts[2].recipients[1]: is listed twice',
      'accounts[2].name: duplicate account name "acme" (also accounts[0].name)',
      'reportRetentionDays: must be at least linkLifetimeDays (60) so that a report outlives the links emailed for it',
    ]);
  });

  it('skips a rule only where a field it needs is wrong', () => {
    expect(
      problemsOf({
        accounts: [
          { ...ACME, sender: 'reports', senderIdentity: 'other.example' },
          { ...ACME, name: 'Acme' },
          { ...ACME, name: 'globex', apiKeySecretName: 'arn:aws:secretsmanager:x' },
        ],
        alarmEmail: ALARM_EMAIL,
        linkLifetimeDays: 'thirty',
        reportRetentionDays: 10,
        reportApiTokenSecretName: 'shared/token',
        linkSigningKeySecretName: 'shared/token',
      }),
    ).toEqual([
      'accounts[0].sender: must be an email address',
      'accounts[1].name: must use only lower-case letters, digits and hyphens',
      'accounts[2].apiKeySecretName: must be a Secrets Manager secret name (letters, digits and /_+=.@-), not an ARN',
      'linkLifetimeDays: must be a whole number of days',
      'linkSigningKeySecretName: must differ from reportApiTokenSecretName: the signing key and the API token are different secrets',
    ]);
  });
});

describe('findAccount', () => {
  it('finds an account by name and nothing for an unknown one', () => {
    const config = parseDeploymentConfig({
      accounts: [ACME, { ...ACME, name: 'beta' }],
      alarmEmail: ALARM_EMAIL,
    });
    expect(findAccount(config, 'beta')?.name).toBe('beta');
    expect(findAccount(config, 'gamma')).toBeUndefined();
  });
});
