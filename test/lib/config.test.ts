import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  findAccount,
  getStringFromEnv,
  loadDeploymentConfig,
  localDemoConfig,
  parseDeploymentConfig,
  RUNTIME_ENV,
  readRuntimeConfig,
  scheduledReportEventSchema,
  toRuntimeEnv,
} from '../../lib/config';

const ACME = {
  name: 'acme',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/acme/api-key',
  timezone: 'Europe/Berlin',
  recipients: ['accounting@example.com'],
  sender: 'reports@example.com',
};

function configWith(account: Record<string, unknown>, settings: Record<string, unknown> = {}): unknown {
  return { accounts: [{ ...ACME, ...account }], ...settings };
}

/** The issues of a configuration that must be rejected, as `path: message` lines. */
function problemsOf(input: unknown): string[] {
  try {
    parseDeploymentConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  throw new Error('the configuration was accepted');
}

describe('parseDeploymentConfig: defaults', () => {
  const config = parseDeploymentConfig({ accounts: [ACME] });
  const account = config.accounts[0]!;

  it('schedules the report on the 1st at 06:00 when the account names no schedule', () => {
    expect(account.schedule).toEqual({ dayOfMonth: 1, hour: 6, minute: 0 });
  });

  it('fills in the parts of a schedule that are left out', () => {
    const custom = parseDeploymentConfig(configWith({ schedule: { hour: 9 } })).accounts[0]!;
    expect(custom.schedule).toEqual({ dayOfMonth: 1, hour: 9, minute: 0 });
  });

  it('uses the name as display name and the domain of the sender as SES identity', () => {
    expect(account.displayName).toBe('acme');
    expect(account.senderIdentity).toBe('example.com');
  });

  it('keeps links for 30 days and reports for 400 days', () => {
    expect(config.linkLifetimeDays).toBe(30);
    expect(config.reportRetentionDays).toBe(400);
  });

  it('names the report API token and link signing key secrets', () => {
    expect(config.reportApiTokenSecretName).toBe('invoice-reports/report-api-token');
    expect(config.linkSigningKeySecretName).toBe('invoice-reports/link-signing-key');
  });

  it('leaves alarm email, SES region and project unset and assumes SES production access', () => {
    expect(config.alarmEmail).toBeUndefined();
    expect(config.sesRegion).toBeUndefined();
    expect(account.projectId).toBeUndefined();
    expect(config.sesSandbox).toBe(false);
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
          alarmEmail: 'ops@example.com',
          sesRegion: 'eu-west-1',
        },
      ),
    );
    expect(given).toMatchObject({
      linkLifetimeDays: 14,
      reportRetentionDays: 90,
      alarmEmail: 'ops@example.com',
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

describe('parseDeploymentConfig: errors name the field', () => {
  it.each([
    [{ name: 'Acme' }, 'accounts[0].name: must use only lower-case letters, digits and hyphens'],
    [{ name: 'acme_1' }, 'accounts[0].name: must use only lower-case letters, digits and hyphens'],
    [{ name: 'a'.repeat(41) }, 'accounts[0].name: must be at most 40 characters'],
    [{ displayName: 'ACME\r\nBcc: x@example.com' }, 'accounts[0].displayName: must be one line of text'],
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
    [{ timeZone: 'UTC' }, 'accounts[0].timeZone: is not a known field'],
  ])('rejects account field %j', (account, expected) => {
    const problems = problemsOf(configWith(account));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

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
  ])('rejects setting %j', (settings, expected) => {
    const problems = problemsOf(configWith({}, settings));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it('says which required fields are missing', () => {
    expect(problemsOf({ accounts: [{ name: 'acme' }] })).toEqual([
      'accounts[0].apiUrl: is required',
      'accounts[0].apiKeySecretName: is required',
      'accounts[0].timezone: is required',
      'accounts[0].recipients: is required',
      'accounts[0].sender: is required',
    ]);
    expect(problemsOf({})).toEqual(['accounts: is required']);
  });

  it('requires at least one account', () => {
    expect(problemsOf({ accounts: [] })).toEqual(['accounts: must list at least one account']);
  });

  it('rejects a duplicate account name, pointing at both', () => {
    expect(problemsOf({ accounts: [ACME, { ...ACME, timezone: 'UTC' }] })).toEqual([
      'accounts[1].name: duplicate account name "acme" (also accounts[0].name)',
    ]);
  });

  it('rejects an account key stored in the same secret as the report API token', () => {
    expect(problemsOf(configWith({ apiKeySecretName: 'invoice-reports/report-api-token' }))).toEqual([
      'accounts[0].apiKeySecretName: must differ from the report API token and link signing key secrets',
    ]);
  });

  it('lists every bad field at once, in one error whose message names each', () => {
    const input = {
      accounts: [
        { ...ACME, timezone: 'Mars/Base' },
        { ...ACME, name: 'beta', sender: 'nobody' },
      ],
      linkLifetimeDays: -1,
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

describe('loadDeploymentConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-reports-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the invoiceReports context value', () => {
    const config = loadDeploymentConfig({ context: { accounts: [ACME] } });
    expect(config.accounts.map((account) => account.name)).toEqual(['acme']);
  });

  it('reads the context value given as JSON text on the command line', () => {
    const config = loadDeploymentConfig({
      context: JSON.stringify({ accounts: [{ ...ACME, name: 'cli' }] }),
    });
    expect(config.accounts[0]!.name).toBe('cli');
  });

  it('prefers a config file, relative to the base folder, over the context value', () => {
    writeFileSync(join(dir, 'prod.json'), JSON.stringify({ accounts: [{ ...ACME, name: 'from-file' }] }));
    const config = loadDeploymentConfig({
      context: { accounts: [ACME] },
      configFile: 'prod.json',
      baseDir: dir,
    });
    expect(config.accounts[0]!.name).toBe('from-file');
  });

  it('names the file in the error about its fields', () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ accounts: [{ ...ACME, timezone: 'Mars/Base' }] }));
    expect(() => loadDeploymentConfig({ configFile: 'bad.json', baseDir: dir })).toThrow(
      'Invalid configuration file bad.json:\n  - accounts[0].timezone: unknown time zone "Mars/Base"',
    );
  });

  it('says when the file is missing', () => {
    expect(() => loadDeploymentConfig({ configFile: 'missing.json', baseDir: dir })).toThrow(
      'configFile: cannot read "missing.json" (ENOENT)',
    );
  });

  it('says when the file is not JSON', () => {
    writeFileSync(join(dir, 'broken.json'), '{ "accounts": [');
    expect(() => loadDeploymentConfig({ configFile: 'broken.json', baseDir: dir })).toThrow(
      'is not valid JSON',
    );
  });

  it('says where to put the configuration when there is none', () => {
    expect(() => loadDeploymentConfig({})).toThrow(/invoiceReports: set it in cdk.json "context"/);
  });

  it('rejects a configFile that is not a path', () => {
    expect(() => loadDeploymentConfig({ configFile: true })).toThrow(
      'configFile: must be the path of a JSON file',
    );
  });
});

describe('findAccount and localDemoConfig', () => {
  it('finds an account by name and nothing for an unknown one', () => {
    const config = parseDeploymentConfig({ accounts: [ACME, { ...ACME, name: 'beta' }] });
    expect(findAccount(config, 'beta')?.name).toBe('beta');
    expect(findAccount(config, 'gamma')).toBeUndefined();
  });

  it('describes the demo account of the local stack, reading from the sandbox over http', () => {
    const config = localDemoConfig({ apiUrl: 'http://127.0.0.1:4010' });
    expect(config.accounts).toHaveLength(1);
    expect(config.accounts[0]).toMatchObject({
      name: 'demo',
      apiUrl: 'http://127.0.0.1:4010',
      timezone: 'UTC',
      apiKeySecretName: 'invoice-reports/demo/api-key',
    });
  });
});

describe('runtime environment', () => {
  const config = parseDeploymentConfig(
    configWith({ displayName: 'ACME GmbH' }, { alarmEmail: 'ops@example.com', linkLifetimeDays: 7 }),
  );

  it('reads back what the stack writes', () => {
    const env = toRuntimeEnv(config, {
      bucket: 'reports-bucket',
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws/',
    });
    expect(Object.keys(env).sort()).toEqual(['REPORT_API_URL', 'REPORT_BUCKET', 'REPORT_CONFIG']);
    const runtime = readRuntimeConfig(env);
    expect(runtime).toEqual({
      ...config,
      bucket: 'reports-bucket',
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws',
    });
  });

  it('leaves the report API URL out when it is not set', () => {
    const runtime = readRuntimeConfig(toRuntimeEnv(config, { bucket: 'reports-bucket' }));
    expect(runtime.reportApiUrl).toBeUndefined();
    expect(runtime.accounts[0]!.displayName).toBe('ACME GmbH');
  });

  it('names a missing variable and says who sets it', () => {
    const env = toRuntimeEnv(config, { bucket: 'reports-bucket' });
    delete env[RUNTIME_ENV.bucket];
    expect(() => readRuntimeConfig(env)).toThrow(
      'REPORT_BUCKET: environment variable is required but not set; the CDK stack sets it',
    );
    expect(() => readRuntimeConfig({})).toThrow(
      'REPORT_CONFIG: environment variable is required but not set',
    );
  });

  it('names the field of REPORT_CONFIG that is wrong', () => {
    const broken = { ...config, accounts: [{ ...config.accounts[0], timezone: 'Mars/Base' }] };
    const env = { REPORT_CONFIG: JSON.stringify(broken), REPORT_BUCKET: 'reports-bucket' };
    expect(() => readRuntimeConfig(env)).toThrow(
      'REPORT_CONFIG.accounts[0].timezone: unknown time zone "Mars/Base"',
    );
  });

  it('rejects REPORT_CONFIG that is not JSON', () => {
    expect(() => readRuntimeConfig({ REPORT_CONFIG: '{accounts', REPORT_BUCKET: 'b' })).toThrow(
      'REPORT_CONFIG: is not valid JSON',
    );
  });

  it('rejects a report API URL that is not https', () => {
    const env = toRuntimeEnv(config, { bucket: 'b', reportApiUrl: 'http://reports.example.com' });
    expect(() => readRuntimeConfig(env)).toThrow('REPORT_API_URL: must be an https URL');
  });
});

describe('env helpers', () => {
  it('reads a string, trimmed, and falls back to its default when unset or blank', () => {
    expect(getStringFromEnv({ key: 'NAME', env: { NAME: ' acme ' } })).toBe('acme');
    expect(getStringFromEnv({ key: 'NAME', defaultValue: 'x', env: { NAME: '  ' } })).toBe('x');
    expect(getStringFromEnv({ key: 'NAME', defaultValue: 'x', env: {} })).toBe('x');
  });

  it('throws a ConfigError naming the variable and the hint when a required one is missing', () => {
    const read = () =>
      getStringFromEnv({ key: 'SANDBOX_API_KEY', hint: 'run npm run sandbox first', env: {} });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      'SANDBOX_API_KEY: environment variable is required but not set; run npm run sandbox first',
    );
  });
});

describe('scheduledReportEventSchema', () => {
  it('accepts what the schedule sends and what an operator sends to re-run a month', () => {
    expect(scheduledReportEventSchema.parse({ account: 'acme' })).toEqual({ account: 'acme' });
    expect(scheduledReportEventSchema.parse({ account: 'acme', month: '2026-10', force: true })).toEqual({
      account: 'acme',
      month: '2026-10',
      force: true,
    });
  });

  it('rejects a month that is not YYYY-MM and a misspelt option', () => {
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', month: '2026-13' }).success).toBe(false);
    expect(scheduledReportEventSchema.safeParse({ account: 'acme', forse: true }).success).toBe(false);
  });

  it('accepts the time the schedule fired, and refuses one that is not an ISO date and time', () => {
    expect(
      scheduledReportEventSchema.parse({ account: 'acme', scheduledTime: '2026-11-01T05:00:00Z' }),
    ).toEqual({ account: 'acme', scheduledTime: '2026-11-01T05:00:00Z' });
    const unfilled = { account: 'acme', scheduledTime: '<aws.scheduler.scheduled-time>' };
    expect(scheduledReportEventSchema.safeParse(unfilled).success).toBe(false);
  });
});
