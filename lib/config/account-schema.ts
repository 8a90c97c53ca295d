import * as z from 'zod';
import { timeZoneSchema } from '../period';
import { type FieldIssue, mustBe } from './errors';
import {
  ACCOUNT_NAME_PATTERN,
  apiUrlSchema,
  emailSchema,
  SINGLE_LINE_TEXT_PATTERN,
  secretNameSchema,
  validFields,
  wholeNumber,
} from './field-schemas';

const projectIdSchema = z.guid();

/** A line of text; at most 60 characters for a project name, which shares a table cell with its short id on a phone. */
const lineSchema = (max: number, error: string) =>
  z
    .string({ error: mustBe(error) })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(SINGLE_LINE_TEXT_PATTERN, 'must be one line of text without control characters');

/**
 * Project names by id: `{ "3f2a9c1e-…": "Web shop" }`. Each id a UUID listed once in any case (out
 * lower-cased, as `lib/report` looks them up), each name one line and unique.
 */
export const projectNamesSchema = z
  .record(z.string(), lineSchema(60, 'must be a project name (text)'), {
    error: mustBe('must be an object of project ids and names, such as { "<uuid>": "Web shop" }'),
  })
  .superRefine((names, ctx) => {
    const ids = new Map<string, string>();
    const named = new Map<string, string>();
    for (const [id, name] of Object.entries(names)) {
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [id], message });
      const sameId = ids.get(id.toLowerCase());
      const sameName = named.get(name.toLowerCase());
      if (!projectIdSchema.safeParse(id).success) issue('is not a project id (a UUID)');
      else if (sameId !== undefined) issue(`is listed twice (also as ${sameId})`);
      else {
        ids.set(id.toLowerCase(), id);
        if (sameName !== undefined) {
          issue(`has the name ${JSON.stringify(name)} of project ${sameName}: give each project its own`);
        }
        named.set(name.toLowerCase(), id);
      }
    }
  })
  .transform((names) =>
    Object.fromEntries(Object.entries(names).map(([id, name]) => [id.toLowerCase(), name])),
  )
  .default({});

/** When an account's monthly report (and, if asked for, its yearly report) runs, in the account's time zone. */
export const scheduleSchema = z
  .strictObject({
    /** Day of the month; at most 28 so that every month has it. @default 1 */
    dayOfMonth: wholeNumber(1, 28, {
      tooLarge: 'must be a whole number from 1 to 28 (every month has a 28th)',
    }).default(1),
    /** @default 6 */
    hour: wholeNumber(0, 23).default(6),
    /** @default 0 */
    minute: wholeNumber(0, 59).default(0),
    /** Also report the previous year, each January on the monthly run's day and time. @default false */
    yearly: z.boolean({ error: mustBe('must be true or false') }).default(false),
  })
  .prefault({});

/** A schedule's local time as its messages and slot ids write it: `06:00`, `02:30`. */
export function scheduleClock(time: { hour: number; minute: number }): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

const accountFields = () =>
  z.strictObject({
    /** Lower-case letters, digits and hyphens; part of S3 keys and report URLs; unique. */
    name: z
      .string({ error: mustBe('must be a name of lower-case letters, digits and hyphens') })
      .min(1, 'must not be empty')
      .max(40, 'must be at most 40 characters')
      .regex(ACCOUNT_NAME_PATTERN, 'must use only lower-case letters, digits and hyphens'),
    /** Shown in email subjects and on the report page. @default the account's `name` */
    displayName: lineSchema(100, 'must be text').optional(),
    /** The invoicing service's base URL; https (http only for localhost). */
    apiUrl: apiUrlSchema,
    /** Name of the Secrets Manager secret holding the account's API key (a plain string secret). */
    apiKeySecretName: secretNameSchema,
    /** The IANA zone of the months and the schedule, spelt as the time zone database spells it. */
    timezone: z
      .string({ error: mustBe('must be an IANA time zone such as "Europe/Berlin"') })
      .pipe(timeZoneSchema),
    /** Who receives the monthly email: 1 to 50 addresses (SES's limit per message). */
    recipients: z
      .array(emailSchema, { error: mustBe('must be a list of email addresses') })
      .min(1, 'must list at least one email address')
      .max(50, 'must list at most 50 addresses (the SES limit per message)'),
    /** The From address; SES must have verified it or its `senderIdentity`. */
    sender: emailSchema,
    /** The SES identity (a domain or an address) the function may send as. @default the domain of `sender` */
    senderIdentity: z
      .string({ error: mustBe('must be a domain or an email address') })
      .refine((value) => DOMAIN_PATTERN.test(value) || emailSchema.safeParse(value).success, {
        message: 'must be a domain or an email address',
      })
      .optional(),
    /** Restricts the report to one project of the account. */
    projectId: z.guid({ error: mustBe('must be a project id (a UUID)') }).optional(),
    /** Part of what the account's report API token is derived from: raising it revokes the old token. @default 1 */
    tokenGeneration: wholeNumber(1, 1_000_000, {
      wrong: 'must be a whole number from 1',
      tooLarge: 'must be at most 1000000',
    }).default(1),
    /** Names of the account's projects, shown in its reports (the service has none). @default {} */
    projects: projectNamesSchema,
    /** When the monthly report runs. @default 1st of the month at 06:00 in `timezone` */
    schedule: scheduleSchema,
  });

/** The domain of an email address, lower-cased: `Reports@ACME.example` gives `acme.example`. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether SES would accept `sender` under `identity` (a verified domain also covers its subdomains). */
function identityCovers(identity: string, sender: string): boolean {
  const wanted = identity.toLowerCase();
  if (wanted.includes('@')) return wanted === sender.toLowerCase();
  const domain = domainOf(sender);
  return domain === wanted || domain.endsWith(`.${wanted}`);
}

/**
 * One merchant account. Built on first use (`z.lazy`), which spares cold starts a few milliseconds; the
 * rules between its fields are `accountRuleIssues`.
 */
export const accountSchema = z.lazy(() =>
  accountFields().transform((account) => ({
    ...account,
    displayName: account.displayName ?? account.name,
    senderIdentity: account.senderIdentity ?? domainOf(account.sender),
  })),
);

/** The fields of an account that pass their own checks, each with its default. */
export type AccountParts = Partial<z.output<ReturnType<typeof accountFields>>>;

/** The fields of `input` (an account as written) that pass their own checks. */
export function validAccountParts(input: unknown): AccountParts {
  return validFields(accountSchema.unwrap().in.shape, input) as AccountParts;
}

/** The identity must cover the sender, and no recipient be listed twice. @param at such as `accounts[2]` */
export function accountRuleIssues(account: AccountParts, at: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (
    account.senderIdentity !== undefined &&
    account.sender !== undefined &&
    !identityCovers(account.senderIdentity, account.sender)
  ) {
    issues.push({
      path: `${at}.senderIdentity`,
      message: `does not cover the sender address ${JSON.stringify(account.sender)}`,
    });
  }
  const seen = new Set<string>();
  account.recipients?.forEach((recipient, index) => {
    const key = recipient.toLowerCase();
    if (seen.has(key)) issues.push({ path: `${at}.recipients[${index}]`, message: 'is listed twice' });
    seen.add(key);
  });
  return issues;
}

/** An account with every default filled in. */
export type AccountConfig = z.output<typeof accountSchema>;
