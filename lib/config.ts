import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { type FieldIssue, fieldIssues, fieldTypeErrors, issueText, mustBe } from './zod-issues';

/**
 * The deployment's configuration: one schema for the CDK stack (which reads it from `cdk.json` context
 * or a JSON file) and for the Lambda functions (which read the same JSON back from `REPORT_CONFIG`).
 * It holds the names of secrets, never their values.
 *
 * @example
 * ```json
 * {
 *   "accounts": [{
 *     "name": "acme",
 *     "apiUrl": "https://api.example.com",
 *     "apiKeySecretName": "invoice-reports/acme/api-key",
 *     "timezone": "Europe/Berlin",
 *     "recipients": ["accounting@example.com"],
 *     "sender": "reports@example.com"
 *   }],
 *   "alarmEmail": "ops@example.com"
 * }
 * ```
 */

/** A configuration or runtime environment that cannot be used; `issues` lists every bad field. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly issues: readonly FieldIssue[];

  constructor(title: string, issues: readonly FieldIssue[], options?: { cause?: unknown }) {
    super(`${title}:\n${issues.map((issue) => `  - ${issueText(issue)}`).join('\n')}`, options);
    this.issues = issues;
  }
}

const ACCOUNT_NAME_PATTERN = /^[a-z0-9-]+$/;
/** What Secrets Manager allows in a secret's name; a colon (an ARN) is not a name. */
const SECRET_NAME_PATTERN = /^[A-Za-z0-9/_+=.@-]+$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const REGION_PATTERN = /^[a-z]{2}(?:-[a-z]+)+-\d+$/;
/** Printable text only: a display name ends up in an email subject, where CR or LF would start a header. */
const SINGLE_LINE_TEXT_PATTERN = /^[^\p{Cc}]+$/u;
const ZONE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

const emailSchema = z.email({ error: mustBe('must be an email address') });

const secretNameSchema = z
  .string({ error: mustBe('must be the name of a Secrets Manager secret') })
  .max(512, 'must be at most 512 characters')
  .regex(
    SECRET_NAME_PATTERN,
    'must be a Secrets Manager secret name (letters, digits and /_+=.@-), not an ARN',
  );

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** The service's base URL. Plain http only on the loopback interface (the local sandbox). */
const apiUrlSchema = z.string({ error: mustBe('must be a URL') }).superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value is not echoed: a mistyped URL may carry a key pasted into it.
    ctx.addIssue({ code: 'custom', message: 'must be an absolute URL such as "https://api.example.com"' });
    return;
  }
  if (url.username || url.password) {
    ctx.addIssue({
      code: 'custom',
      message: 'must not contain credentials: keep the API key in Secrets Manager (apiKeySecretName)',
    });
  } else if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    ctx.addIssue({ code: 'custom', message: 'must use https (plain http is allowed only for localhost)' });
  } else if (url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must not have a query string or fragment' });
  }
});

/**
 * An IANA time zone. `Intl` decides what exists (it is what date-fns/tz uses at run time). `Intl`
 * ignores case, but the name also goes to EventBridge Scheduler and into every report as written, so
 * a name that differs from the canonical one only in case is refused with the right spelling.
 */
const timezoneSchema = z
  .string({ error: mustBe('must be an IANA time zone such as "Europe/Berlin"') })
  .superRefine((zone, ctx) => {
    let canonical: string;
    try {
      if (!ZONE_NAME_PATTERN.test(zone)) throw new RangeError(zone);
      canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: `unknown time zone ${JSON.stringify(zone)}` });
      return;
    }
    if (canonical !== zone && canonical.toLowerCase() === zone.toLowerCase()) {
      ctx.addIssue({ code: 'custom', message: `write the time zone as ${JSON.stringify(canonical)}` });
    }
  });

/** When an account's monthly report runs, in the account's time zone. */
export const scheduleSchema = z
  .strictObject({
    /** Day of the month; at most 28 so that every month has it. @default 1 */
    dayOfMonth: z
      .int({ error: mustBe('must be a whole number from 1 to 28') })
      .min(1, 'must be a whole number from 1 to 28')
      .max(28, 'must be a whole number from 1 to 28 (every month has a 28th)')
      .default(1),
    /** @default 6 */
    hour: z
      .int({ error: mustBe('must be a whole number from 0 to 23') })
      .min(0, 'must be a whole number from 0 to 23')
      .max(23, 'must be a whole number from 0 to 23')
      .default(6),
    /** @default 0 */
    minute: z
      .int({ error: mustBe('must be a whole number from 0 to 59') })
      .min(0, 'must be a whole number from 0 to 59')
      .max(59, 'must be a whole number from 0 to 59')
      .default(0),
  })
  .prefault({});

export type ReportSchedule = z.output<typeof scheduleSchema>;

const accountFields = z.strictObject({
  /** Lower-case letters, digits and hyphens; part of S3 keys and report URLs; unique. */
  name: z
    .string({ error: mustBe('must be a name of lower-case letters, digits and hyphens') })
    .min(1, 'must not be empty')
    .max(40, 'must be at most 40 characters')
    .regex(ACCOUNT_NAME_PATTERN, 'must use only lower-case letters, digits and hyphens'),
  /** Shown in email subjects and on the report page. @default the account's `name` */
  displayName: z
    .string({ error: mustBe('must be text') })
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    .regex(SINGLE_LINE_TEXT_PATTERN, 'must be one line of text without control characters')
    .optional(),
  /** The invoicing service's base URL; https (http only for localhost). */
  apiUrl: apiUrlSchema,
  /** Name of the Secrets Manager secret holding the account's API key (a plain string secret). */
  apiKeySecretName: secretNameSchema,
  /** IANA time zone the months are read in and the schedule runs in. */
  timezone: timezoneSchema,
  /** Who receives the monthly email: 1 to 50 addresses (SES's limit per message). */
  recipients: z
    .array(emailSchema, { error: mustBe('must be a list of email addresses') })
    .min(1, 'must list at least one email address')
    .max(50, 'must list at most 50 addresses (the SES limit per message)'),
  /** The From address. SES must have verified it, or its domain (see `senderIdentity`). */
  sender: emailSchema,
  /**
   * The SES identity the sender belongs to: a domain or an email address; the function may send only
   * as this identity (and as the sender address itself, which SES checks when that address is verified).
   * @default the domain of `sender`
   */
  senderIdentity: z
    .string({ error: mustBe('must be a domain or an email address') })
    .refine(isSesIdentity, { message: 'must be a domain or an email address' })
    .optional(),
  /** Restricts the report to one project of the account. */
  projectId: z.guid({ error: mustBe('must be a project id (a UUID)') }).optional(),
  /** When the monthly report runs. @default 1st of the month at 06:00 in `timezone` */
  schedule: scheduleSchema,
});

function isSesIdentity(value: string): boolean {
  return DOMAIN_PATTERN.test(value) || emailSchema.safeParse(value).success;
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether SES would accept `sender` under `identity` (a verified domain also covers its subdomains). */
function identityCovers(identity: string, sender: string): boolean {
  const wanted = identity.toLowerCase();
  if (wanted.includes('@')) return wanted === sender.toLowerCase();
  const domain = domainOf(sender);
  return domain === wanted || domain.endsWith(`.${wanted}`);
}

/** One merchant account: where its data comes from, who gets its report, and when. */
export const accountSchema = accountFields
  .superRefine((account, ctx) => {
    if (
      account.senderIdentity &&
      isSesIdentity(account.senderIdentity) &&
      !identityCovers(account.senderIdentity, account.sender)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['senderIdentity'],
        message: `does not cover the sender address ${JSON.stringify(account.sender)}`,
      });
    }
    const seen = new Set<string>();
    account.recipients.forEach((recipient, index) => {
      const key = recipient.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['recipients', index], message: 'is listed twice' });
      }
      seen.add(key);
    });
  })
  .transform((account) => ({
    ...account,
    displayName: account.displayName ?? account.name,
    senderIdentity: account.senderIdentity ?? domainOf(account.sender),
  }));

/** An account as the code sees it: `displayName`, `senderIdentity` and `schedule` always filled in. */
export type AccountConfig = z.output<typeof accountSchema>;

const DEFAULT_REPORT_API_TOKEN_SECRET_NAME = 'invoice-reports/report-api-token';
const DEFAULT_LINK_SIGNING_KEY_SECRET_NAME = 'invoice-reports/link-signing-key';

/** The whole deployment: its accounts and the settings they share. */
export const deploymentConfigSchema = z
  .strictObject({
    /** The merchant accounts; names unique. */
    accounts: z
      .array(accountSchema, { error: mustBe('must be a list of accounts') })
      .min(1, 'must list at least one account'),
    /** How long links in an email keep working, in days. @default 30 */
    linkLifetimeDays: z
      .int({ error: mustBe('must be a whole number of days') })
      .min(1, 'must be at least 1 day')
      .max(3650, 'must be at most 3650 days')
      .default(30),
    /** Reports (and their delivery records) are deleted from S3 after this many days. @default 400 */
    reportRetentionDays: z
      .int({ error: mustBe('must be a whole number of days') })
      .min(1, 'must be at least 1 day')
      .max(36500, 'must be at most 36500 days')
      .default(400),
    /** Where alarms (failed runs, the dead-letter queue) are emailed; without it they only go to an SNS topic. */
    alarmEmail: emailSchema.optional(),
    /** Secret holding the report API's bearer token. @default 'invoice-reports/report-api-token' */
    reportApiTokenSecretName: secretNameSchema.default(DEFAULT_REPORT_API_TOKEN_SECRET_NAME),
    /** Secret holding the key that signs report links (at least 32 bytes). @default 'invoice-reports/link-signing-key' */
    linkSigningKeySecretName: secretNameSchema.default(DEFAULT_LINK_SIGNING_KEY_SECRET_NAME),
    /** Region of the SES identities. @default the stack's region */
    sesRegion: z
      .string({ error: mustBe('must be an AWS region such as "eu-west-1"') })
      .regex(REGION_PATTERN, 'must be an AWS region such as "eu-west-1"')
      .optional(),
    /**
     * Set while the AWS account is in the SES sandbox: SES then also checks the sending permission
     * against each recipient's (verified) identity, so the function is allowed to send to those too.
     * @default false
     */
    sesSandbox: z.boolean({ error: mustBe('must be true or false') }).default(false),
  })
  .superRefine((config, ctx) => {
    const firstIndex = new Map<string, number>();
    config.accounts.forEach((account, index) => {
      const first = firstIndex.get(account.name);
      if (first === undefined) {
        firstIndex.set(account.name, index);
        return;
      }
      ctx.addIssue({
        code: 'custom',
        path: ['accounts', index, 'name'],
        message: `duplicate account name ${JSON.stringify(account.name)} (also accounts[${first}].name)`,
      });
    });
    if (config.linkSigningKeySecretName === config.reportApiTokenSecretName) {
      ctx.addIssue({
        code: 'custom',
        path: ['linkSigningKeySecretName'],
        message:
          'must differ from reportApiTokenSecretName: the signing key and the API token are different secrets',
      });
    }
    config.accounts.forEach((account, index) => {
      if (
        [config.reportApiTokenSecretName, config.linkSigningKeySecretName].includes(account.apiKeySecretName)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['accounts', index, 'apiKeySecretName'],
          message: 'must differ from the report API token and link signing key secrets',
        });
      }
    });
    if (config.reportRetentionDays < config.linkLifetimeDays) {
      ctx.addIssue({
        code: 'custom',
        path: ['reportRetentionDays'],
        message: `must be at least linkLifetimeDays (${config.linkLifetimeDays}) so that a report outlives the links emailed for it`,
      });
    }
  });

/** The deployment configuration with every default filled in. */
export type DeploymentConfig = z.output<typeof deploymentConfigSchema>;
/** What a configuration file or `cdk.json` may say: defaults may be left out. */
export type DeploymentConfigInput = z.input<typeof deploymentConfigSchema>;

/**
 * Checks a configuration and fills in its defaults.
 *
 * @throws ConfigError listing every bad field by path, e.g. `accounts[0].timezone: unknown time zone "Mars/Base"`
 */
export function parseDeploymentConfig(input: unknown, origin = 'deployment configuration'): DeploymentConfig {
  const result = deploymentConfigSchema.safeParse(input, { error: fieldTypeErrors });
  if (!result.success) throw new ConfigError(`Invalid ${origin}`, fieldIssues(result.error.issues));
  return result.data;
}

/** Where the CDK app found its configuration. */
export interface DeploymentConfigSource {
  /** The CDK context value `invoiceReports`: an object (from `cdk.json`) or JSON text (from `-c`). */
  context?: unknown;
  /** The CDK context value `configFile`: a JSON file; when given, it wins over `context`. */
  configFile?: unknown;
  /** What a relative `configFile` is resolved against. @default process.cwd() */
  baseDir?: string;
}

function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid ${where}`, [
      { path: '', message: `is not valid JSON (${(error as Error).message})` },
    ]);
  }
}

/**
 * Reads the deployment configuration from a JSON file named by the `configFile` context value, or else
 * from the `invoiceReports` context value (`cdk.json` holds a default that synthesizes as is).
 *
 * @example
 * ```ts
 * const config = loadDeploymentConfig({
 *   context: app.node.tryGetContext('invoiceReports'),
 *   configFile: app.node.tryGetContext('configFile'),
 * });
 * ```
 * @throws ConfigError naming each bad field, the file that could not be read, or the missing configuration
 */
export function loadDeploymentConfig(source: DeploymentConfigSource): DeploymentConfig {
  if (source.configFile !== undefined) {
    if (typeof source.configFile !== 'string' || source.configFile.trim() === '') {
      throw new ConfigError('Invalid CDK context', [
        { path: 'configFile', message: 'must be the path of a JSON file' },
      ]);
    }
    const path = isAbsolute(source.configFile)
      ? source.configFile
      : resolve(source.baseDir ?? process.cwd(), source.configFile);
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'read error';
      throw new ConfigError('Invalid CDK context', [
        { path: 'configFile', message: `cannot read ${JSON.stringify(source.configFile)} (${code})` },
      ]);
    }
    const where = `configuration file ${source.configFile}`;
    return parseDeploymentConfig(parseJsonText(text, where), where);
  }
  if (source.context === undefined || source.context === null) {
    throw new ConfigError('Missing deployment configuration', [
      {
        path: 'invoiceReports',
        message: 'set it in cdk.json "context", or name a JSON file with -c configFile=PATH',
      },
    ]);
  }
  const value =
    typeof source.context === 'string'
      ? parseJsonText(source.context, 'context invoiceReports')
      : source.context;
  return parseDeploymentConfig(value, 'context invoiceReports');
}

/** The account with this name, if the configuration has one. */
export function findAccount(
  config: Pick<DeploymentConfig, 'accounts'>,
  name: string,
): AccountConfig | undefined {
  return config.accounts.find((account) => account.name === name);
}

/**
 * The configuration of the local stack: one account, `demo`, reading from the sandbox. Its secrets are
 * supplied by the local stack itself (see `InMemorySecretSource` in `lib/secrets`).
 */
export function localDemoConfig(options: {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /** @default 'UTC' */
  timezone?: string;
  /** @default ['accounting@example.com'] */
  recipients?: string[];
  /** @default 'reports@example.com' */
  sender?: string;
}): DeploymentConfig {
  return parseDeploymentConfig(
    {
      accounts: [
        {
          name: 'demo',
          displayName: 'Demo merchant',
          apiUrl: options.apiUrl,
          apiKeySecretName: 'invoice-reports/demo/api-key',
          timezone: options.timezone ?? 'UTC',
          recipients: options.recipients ?? ['accounting@example.com'],
          sender: options.sender ?? 'reports@example.com',
        },
      ],
    } satisfies DeploymentConfigInput,
    'local demo configuration',
  );
}

// ---------------------------------------------------------------------------------------------------
// The runtime side: what the stack hands the Lambda functions through their environment.

/** Names of the environment variables the stack sets on both functions. */
export const RUNTIME_ENV = {
  /** The deployment configuration as JSON (secret names only, never values). */
  config: 'REPORT_CONFIG',
  /** The reports bucket's name. */
  bucket: 'REPORT_BUCKET',
  /**
   * The report API's base URL, for links in emails. Only the scheduled function has it: the report API
   * cannot be given its own URL (a circular reference in CloudFormation) and answers with the origin of
   * the request it serves.
   */
  reportApiUrl: 'REPORT_API_URL',
} as const;

/** What a Lambda function knows about its deployment. */
export interface RuntimeConfig extends DeploymentConfig {
  /** Name of the reports bucket. */
  bucket: string;
  /** Base URL of the report API, without a trailing slash; absent in the report API itself. */
  reportApiUrl?: string;
}

/** Options of the env readers, after powertools' `getStringFromEnv` family (commons `envUtils.ts`). */
export interface EnvOptions<T> {
  key: string;
  /** Returned when the variable is unset or empty; without it such a variable is an error. */
  defaultValue?: T;
  /** Says what to do about it; appended to the error. */
  hint?: string;
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
}

// Written here rather than imported from @aws-lambda-powertools/commons: that package is only a
// transitive dependency, and these errors should be ConfigErrors that say what to do.
function rawEnv({ key, env = process.env }: EnvOptions<unknown>): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function missingVariable(options: EnvOptions<unknown>): ConfigError {
  const hint = options.hint ? `; ${options.hint}` : '';
  return new ConfigError('Invalid runtime environment', [
    { path: options.key, message: `environment variable is required but not set${hint}` },
  ]);
}

function badVariable(key: string, message: string): ConfigError {
  return new ConfigError('Invalid runtime environment', [{ path: key, message }]);
}

/**
 * A string variable, trimmed.
 * @throws ConfigError naming the variable when it is unset or empty and there is no default
 */
export function getStringFromEnv(options: EnvOptions<string>): string {
  const value = rawEnv(options);
  if (value !== undefined) return value;
  if (options.defaultValue !== undefined) return options.defaultValue;
  throw missingVariable(options);
}

const STACK_HINT = 'the CDK stack sets it; for a local run, set it yourself';

/**
 * The environment of a deployed function, built by the stack; `readRuntimeConfig` reads it back.
 * The local stack may use it too, to run the functions' code with the same settings.
 */
export function toRuntimeEnv(
  config: DeploymentConfig,
  options: { bucket: string; reportApiUrl?: string },
): Record<string, string> {
  return {
    [RUNTIME_ENV.config]: JSON.stringify(config),
    [RUNTIME_ENV.bucket]: options.bucket,
    ...(options.reportApiUrl === undefined ? {} : { [RUNTIME_ENV.reportApiUrl]: options.reportApiUrl }),
  };
}

/**
 * Reads the configuration a function was deployed with, checked by the same schema as at synth time.
 *
 * @throws ConfigError naming the missing variable, or each bad field as `REPORT_CONFIG.accounts[0].timezone`
 */
export function readRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const text = getStringFromEnv({ key: RUNTIME_ENV.config, hint: STACK_HINT, env });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badVariable(RUNTIME_ENV.config, 'is not valid JSON');
  }
  const parsed = deploymentConfigSchema.safeParse(json, { error: fieldTypeErrors });
  if (!parsed.success) {
    throw new ConfigError(
      'Invalid runtime environment',
      fieldIssues(parsed.error.issues, { root: RUNTIME_ENV.config }),
    );
  }
  const bucket = getStringFromEnv({ key: RUNTIME_ENV.bucket, hint: STACK_HINT, env });
  const reportApiUrl = rawEnv({ key: RUNTIME_ENV.reportApiUrl, env });
  if (reportApiUrl !== undefined && !apiUrlSchema.safeParse(reportApiUrl).success) {
    throw badVariable(RUNTIME_ENV.reportApiUrl, 'must be an https URL (plain http only for localhost)');
  }
  return {
    ...parsed.data,
    bucket,
    ...(reportApiUrl === undefined ? {} : { reportApiUrl: reportApiUrl.replace(/\/+$/, '') }),
  };
}

/**
 * The event of the scheduled function. The schedule sends `{ account }`; an operator re-runs or resends
 * a month with `{ account, month, force: true }`.
 */
export const scheduledReportEventSchema = z.strictObject({
  account: z.string().regex(ACCOUNT_NAME_PATTERN, 'must be an account name'),
  /** `YYYY-MM`. @default the month before the current one, in the account's time zone */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')
    .optional(),
  /** Rebuild the report and send the email again even if this month was delivered. @default false */
  force: z.boolean().optional(),
  /**
   * When the schedule fired (`<aws.scheduler.scheduled-time>`, filled in by EventBridge Scheduler). The
   * default month is read from it rather than from the clock, so a retry hours later, past the turn of a
   * month, still reports the month the schedule meant. @default the time the function runs
   */
  scheduledTime: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }).optional(),
});

export type ScheduledReportEvent = z.infer<typeof scheduledReportEventSchema>;
