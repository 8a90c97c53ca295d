import * as z from 'zod';
import { firstSkippedDate } from '../period';
import {
  type AccountConfig,
  type AccountParts,
  accountRuleIssues,
  accountSchema,
  scheduleClock,
  validAccountParts,
} from './account-schema';
import { ConfigError, type FieldIssue, fieldIssues, fieldTypeErrors, mustBe } from './errors';
import { emailSchema, secretNameSchema, validFields, wholeNumber } from './field-schemas';

const SHARED_SECRET_FIELDS = [
  'reportApiTokenSecretName',
  'linkSigningKeySecretName',
  'accountTokenKeySecretName',
] as const;

const REGION_PATTERN = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;
/** Step Functions runs at most 40 iterations of an inline Map state at once. */
const MAX_CONCURRENT_REPORTS = 40;

const days = (max: number, fallback: number) =>
  wholeNumber(1, max, {
    wrong: 'must be a whole number of days',
    tooSmall: 'must be at least 1 day',
    tooLarge: `must be at most ${max} days`,
  }).default(fallback);

/**
 * The whole deployment: its accounts and the settings they share, for the stack (from `cdk.json` or a
 * file) and the functions (from the file bundled with their code). Secret names, never values (see
 * `cdk.json` for an example). Built on first use (`z.lazy`): a function reading the file synth checked
 * never builds it.
 */
const deploymentConfigSchema = z.lazy(() =>
  z.strictObject({
    accounts: z
      .array(accountSchema, { error: mustBe('must be a list of accounts') })
      .min(1, 'must list at least one account'),
    /** How long links in an email keep working, in days. @default 30 */
    linkLifetimeDays: days(3650, 30),
    /** Reports (and their delivery records) are deleted from S3 after this many days. @default 400 */
    reportRetentionDays: days(36500, 400),
    /** Where alarms are emailed. Required: an alarm that reaches nobody leaves an email silently unsent. */
    alarmEmail: emailSchema,
    /** The folder of every `apiKeySecretName`: the functions' one grant. */
    accountSecretPrefix: secretNameSchema
      .regex(/\/$/, 'must end with "/" (a folder of secret names, such as "invoice-reports/accounts/")')
      .default('invoice-reports/accounts/'),
    /**
     * Accounts of one schedule slot reported at once, within SES's send rate, the service's patience and
     * Lambda's concurrency. @default 10
     */
    maxConcurrentReports: wholeNumber(1, MAX_CONCURRENT_REPORTS, {
      tooLarge: `must be at most ${MAX_CONCURRENT_REPORTS} (Step Functions' inline Map)`,
    }).default(10),
    /**
     * The report API's reserved concurrency, so that a flood of requests leaves the monthly runs theirs.
     * Unset by default: Lambda keeps 100 of an account's concurrency unreserved (all of a new account's
     * 10), so a reservation fails to deploy until the quota is raised. @default no reservation
     */
    reportApiConcurrency: z
      .int({ error: mustBe('must be a whole number of requests, at least 1') })
      .min(1, 'must be at least 1 (0 would turn the report API off)')
      .optional(),
    /** The report API's operator token, which reads every account. */
    reportApiTokenSecretName: secretNameSchema.default('invoice-reports/report-api-token'),
    /** The key accounts' report API tokens are derived from (32 bytes or more). */
    accountTokenKeySecretName: secretNameSchema.default('invoice-reports/account-token-key'),
    /** The key that signs report links (32 bytes or more). */
    linkSigningKeySecretName: secretNameSchema.default('invoice-reports/link-signing-key'),
    /** Region of the SES identities. @default the stack's region */
    sesRegion: z
      .string({ error: mustBe('must be an AWS region such as "eu-west-1"') })
      .regex(REGION_PATTERN, 'must be an AWS region such as "eu-west-1"')
      .optional(),
    /** The AWS account is in the SES sandbox, which checks each recipient's identity too. @default false */
    sesSandbox: z.boolean({ error: mustBe('must be true or false') }).default(false),
    /**
     * Send as any SES identity of the AWS account in `sesRegion` rather than each listed one: for more
     * sender domains than IAM policies hold (docs/deploy.md, sizing). @default false
     */
    sesAllowAnyIdentity: z.boolean({ error: mustBe('must be true or false') }).default(false),
  }),
);

/** The deployment configuration with every default filled in. */
export type DeploymentConfig = z.output<typeof deploymentConfigSchema>;
/** What a configuration file or `cdk.json` may say: defaults may be left out. */
export type DeploymentConfigInput = z.input<typeof deploymentConfigSchema>;

/**
 * The fields of a configuration that pass their own checks (each account too), defaults filled in: the
 * rules between fields run on these, so that a rule is skipped only where a field it needs is wrong.
 */
export type DeploymentConfigParts = Partial<Omit<DeploymentConfig, 'accounts'>> & {
  accounts?: readonly AccountParts[];
};

/** Checks beyond the schema's, on the fields that pass (a deployment's, at synth). */
export type ConfigChecks = (config: DeploymentConfigParts) => FieldIssue[];

/** The fields of `input` (a configuration as written) that pass their own checks. */
function validParts(input: unknown): DeploymentConfigParts {
  const { accounts: _accounts, ...shape } = deploymentConfigSchema.unwrap().shape;
  const parts: DeploymentConfigParts = validFields(shape, input);
  const accounts = (input as { accounts?: unknown } | null)?.accounts;
  if (Array.isArray(accounts)) parts.accounts = accounts.map(validAccountParts);
  return parts;
}

/** Each account's rules, unique names, distinct secrets, and reports kept as long as their links work. */
function crossFieldIssues(config: DeploymentConfigParts): FieldIssue[] {
  const accounts = config.accounts ?? [];
  const issues = accounts.flatMap((account, index) => accountRuleIssues(account, `accounts[${index}]`));
  const firstIndex = new Map<string, number>();
  accounts.forEach(({ name }, index) => {
    const first = name === undefined ? undefined : firstIndex.get(name);
    if (name !== undefined && first === undefined) firstIndex.set(name, index);
    else if (first !== undefined) {
      issues.push({
        path: `accounts[${index}].name`,
        message: `duplicate account name ${JSON.stringify(name)} (also accounts[${first}].name)`,
      });
    }
  });
  const { reportApiTokenSecretName, linkSigningKeySecretName, accountTokenKeySecretName } = config;
  if (linkSigningKeySecretName !== undefined && linkSigningKeySecretName === reportApiTokenSecretName) {
    issues.push({
      path: 'linkSigningKeySecretName',
      message:
        'must differ from reportApiTokenSecretName: the signing key and the API token are different secrets',
    });
  }
  for (const other of ['reportApiTokenSecretName', 'linkSigningKeySecretName'] as const) {
    if (accountTokenKeySecretName !== undefined && accountTokenKeySecretName === config[other]) {
      issues.push({
        path: 'accountTokenKeySecretName',
        message: `must differ from ${other}: the account token key is a secret of its own`,
      });
    }
  }
  const sharedSecrets = SHARED_SECRET_FIELDS.map((field) => config[field]);
  accounts.forEach((account, index) => {
    if (account.apiKeySecretName !== undefined && sharedSecrets.includes(account.apiKeySecretName)) {
      issues.push({
        path: `accounts[${index}].apiKeySecretName`,
        message: 'must differ from the report API token, link signing key and account token key secrets',
      });
    }
  });
  const { linkLifetimeDays, reportRetentionDays } = config;
  if (reportRetentionDays !== undefined && reportRetentionDays < (linkLifetimeDays ?? 0)) {
    issues.push({
      path: 'reportRetentionDays',
      message: `must be at least linkLifetimeDays (${linkLifetimeDays}) so that a report outlives the links emailed for it`,
    });
  }
  return issues;
}

/**
 * Checks a configuration and fills in its defaults, naming every problem at once: each bad field, each
 * rule between fields, each of `checks`.
 * @param origin for the error's title (`Invalid ${origin}`)
 * @throws ConfigError listing every bad field by path, e.g. `accounts[0].timezone: unknown time zone "Mars/Base"`
 */
export function parseDeploymentConfig(
  input: unknown,
  origin = 'deployment configuration',
  checks?: ConfigChecks,
): DeploymentConfig {
  const result = deploymentConfigSchema.safeParse(input, { error: fieldTypeErrors });
  const parts = result.success ? result.data : validParts(input);
  const issues = [
    ...(result.success ? [] : fieldIssues(result.error.issues)),
    ...crossFieldIssues(parts),
    ...(checks?.(parts) ?? []),
  ];
  if (issues.length > 0 || !result.success) throw new ConfigError(`Invalid ${origin}`, issues);
  return result.data;
}

export const findAccount = (
  config: Pick<DeploymentConfig, 'accounts'>,
  name: string,
): AccountConfig | undefined => config.accounts.find((account) => account.name === name);

/**
 * What a deployment needs beyond the schema: every account key under `accountSecretPrefix` (the functions'
 * one grant) and the shared secrets outside it, and every schedule firing every month (Scheduler skips a
 * local time the clocks jump over). Synth passes these as `checks`; the functions skip them, since the
 * schedule check costs about 5 ms a zone.
 * @param fromYear the first year whose clock changes are checked
 */
export function deployableConfigIssues(
  config: Pick<
    DeploymentConfigParts,
    'accounts' | 'accountSecretPrefix' | (typeof SHARED_SECRET_FIELDS)[number]
  >,
  fromYear = new Date().getUTCFullYear(),
): FieldIssue[] {
  const prefix = config.accountSecretPrefix;
  const issues: FieldIssue[] = [];
  config.accounts?.forEach((account, index) => {
    const { name, apiKeySecretName, timezone, schedule } = account;
    if (prefix !== undefined && name !== undefined && !(apiKeySecretName?.startsWith(prefix) ?? true)) {
      issues.push({
        path: `accounts[${index}].apiKeySecretName`,
        message: `must start with accountSecretPrefix ${JSON.stringify(prefix)}: the functions may read account keys under it only (for example "${prefix}${name}/api-key")`,
      });
    }
    if (timezone === undefined || schedule === undefined) return;
    const { dayOfMonth, hour, minute } = schedule;
    const skipped = firstSkippedDate({ timezone, dayOfMonth, hour, minute }, fromYear);
    if (skipped !== undefined) {
      issues.push({
        path: `accounts[${index}].schedule.hour`,
        message: `${scheduleClock(schedule)} on day ${dayOfMonth} does not exist in ${timezone} on ${skipped} (the clocks go forward over it), and EventBridge Scheduler skips a run at a time that does not exist, so that month's report would not be sent: choose another hour or day`,
      });
    }
  });
  for (const field of SHARED_SECRET_FIELDS) {
    const secretName = config[field];
    if (prefix !== undefined && secretName?.startsWith(prefix)) {
      issues.push({
        path: field,
        message: `must not start with accountSecretPrefix ${JSON.stringify(prefix)}: every function may read the account secrets`,
      });
    }
  }
  return issues;
}
