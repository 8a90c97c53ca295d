import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig } from '../../../lib/config';
import { configWith, problemsOf } from './support/config-input';

describe('an account: defaults', () => {
  const account = parseDeploymentConfig(configWith({})).accounts[0]!;

  it('schedules the report on the 1st at 06:00, and no yearly report, when the account names no schedule', () => {
    expect(account.schedule).toEqual({ dayOfMonth: 1, hour: 6, minute: 0, yearly: false });
  });

  it('fills in the parts of a schedule that are left out', () => {
    const custom = parseDeploymentConfig(configWith({ schedule: { hour: 9, yearly: true } })).accounts[0]!;
    expect(custom.schedule).toEqual({ dayOfMonth: 1, hour: 9, minute: 0, yearly: true });
  });

  it('uses the name as display name and the domain of the sender as SES identity', () => {
    expect(account.displayName).toBe('acme');
    expect(account.senderIdentity).toBe('example.com');
  });

  it('allows plain http for an API on localhost only', () => {
    expect(parseDeploymentConfig(configWith({ apiUrl: 'http://127.0.0.1:4010' })).accounts[0]!.apiUrl).toBe(
      'http://127.0.0.1:4010',
    );
    expect(parseDeploymentConfig(configWith({ apiUrl: 'http://localhost:4010/v1' })).accounts).toHaveLength(
      1,
    );
    expect(parseDeploymentConfig(configWith({ apiUrl: 'http://[::1]:4010' })).accounts).toHaveLength(1);
  });

  it('accepts a sender at a subdomain of the SES identity', () => {
    const account = parseDeploymentConfig(
      configWith({ sender: 'reports@mail.example.com', senderIdentity: 'example.com' }),
    ).accounts[0]!;
    expect(account.senderIdentity).toBe('example.com');
  });
});

describe('an account: errors name the field', () => {
  it.each([
    [{ name: 'Acme' }, 'accounts[0].name: must use only lower-case letters, digits and hyphens'],
    [{ name: 'acme_1' }, 'accounts[0].name: must use only lower-case letters, digits and hyphens'],
    [{ name: 'a'.repeat(41) }, 'accounts[0].name: must be at most 40 characters'],
    [{ displayName: 'ACME\r\nBcc: x@example.com' }, 'accounts[0].displayName: must be one line of text'],
    [{ displayName: 'ACME\u2028Bcc: x@example.com' }, 'accounts[0].displayName: must be one line of text'],
    [{ apiUrl: 'api.example.com' }, 'accounts[0].apiUrl: must be an absolute URL'],
    [{ apiUrl: 'http://api.example.com' }, 'accounts[0].apiUrl: must use https'],
    [{ apiUrl: 'ftp://api.example.com' }, 'accounts[0].apiUrl: must use https'],
    [{ apiUrl: 'https://user:pass@api.example.com' }, 'accounts[0].apiUrl: must not contain credentials'],
    [{ apiUrl: 'https://api.example.com/?key=1' }, 'accounts[0].apiUrl: must not have a query string'],
    [
      { apiKeySecretName: 'arn:aws:secretsmanager:eu-west-1:1:secret:x' },
      'accounts[0].apiKeySecretName: must be a Secrets Manager secret name',
    ],
    [{ apiKeySecretName: '' }, 'accounts[0].apiKeySecretName: must be a Secrets Manager secret name'],
    [{ timezone: 'Mars/Base' }, 'accounts[0].timezone: unknown time zone "Mars/Base"'],
    [{ timezone: '+01:00' }, 'accounts[0].timezone: unknown time zone "+01:00"'],
    [{ timezone: 'europe/berlin' }, 'accounts[0].timezone: write the time zone as "Europe/Berlin"'],
    [{ recipients: [] }, 'accounts[0].recipients: must list at least one email address'],
    [{ recipients: 'accounting@example.com' }, 'accounts[0].recipients: must be a list of email addresses'],
    [
      { recipients: ['accounting@example.com', 'not-an-address'] },
      'accounts[0].recipients[1]: must be an email address',
    ],
    [
      { recipients: ['accounting@example.com', 'Accounting@example.com'] },
      'accounts[0].recipients[1]: is listed twice',
    ],
    [
      { recipients: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`) },
      'accounts[0].recipients: must list at most 50 addresses',
    ],
    [{ sender: 'reports' }, 'accounts[0].sender: must be an email address'],
    [{ senderIdentity: 'not a domain' }, 'accounts[0].senderIdentity: must be a domain or an email address'],
    [
      { senderIdentity: 'other.example' },
      'accounts[0].senderIdentity: does not cover the sender address "reports@example.com"',
    ],
    [
      { senderIdentity: 'billing@example.com' },
      'accounts[0].senderIdentity: does not cover the sender address "reports@example.com"',
    ],
    [{ projectId: 'shop' }, 'accounts[0].projectId: must be a project id (a UUID)'],
    [
      { schedule: { dayOfMonth: 29 } },
      'accounts[0].schedule.dayOfMonth: must be a whole number from 1 to 28',
    ],
    [{ schedule: { dayOfMonth: 0 } }, 'accounts[0].schedule.dayOfMonth: must be a whole number from 1 to 28'],
    [{ schedule: { hour: 24 } }, 'accounts[0].schedule.hour: must be a whole number from 0 to 23'],
    [{ schedule: { hour: 6.5 } }, 'accounts[0].schedule.hour: must be a whole number from 0 to 23'],
    [{ schedule: { minute: 60 } }, 'accounts[0].schedule.minute: must be a whole number from 0 to 59'],
    [{ schedule: { hours: 6 } }, 'accounts[0].schedule.hours: is not a known field'],
    [{ schedule: { yearly: 'january' } }, 'accounts[0].schedule.yearly: must be true or false'],
    [{ timeZone: 'UTC' }, 'accounts[0].timeZone: is not a known field'],
    [{ 'time-zone': 'UTC' }, 'accounts[0]["time-zone"]: is not a known field'],
  ])('rejects account field %j', (account, expected) => {
    const problems = problemsOf(configWith(account));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });
});
