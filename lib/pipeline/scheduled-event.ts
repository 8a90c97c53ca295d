import * as z from 'zod';
import {
  ACCOUNT_NAME_PATTERN,
  type AccountConfig,
  type DeploymentConfig,
  type FieldIssue,
  fieldIssues,
  fieldTypeErrors,
  findAccount,
} from '../config';
import { isMonthId, isPeriodId } from '../period';

/**
 * When a schedule fired (`<aws.scheduler.scheduled-time>`, handed on by the fan-out). The default period
 * is read from it rather than from the clock, so a retry hours later, past the turn of a month, still
 * reports the period the schedule meant.
 */
export const scheduledTimeSchema = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date and time',
});

/** How far a `scheduledTime` may be ahead of the clock that reads it: two machines' clocks differ by a little. */
const SCHEDULED_TIME_CLOCK_SKEW_MS = 60_000;

/**
 * That a `scheduledTime` is later than `now`, if it is. No schedule fired in the future (a slot re-run by
 * hand with 2027 typed for 2026, say), and the period before it has not ended: it would be emailed so far.
 */
export function scheduledTimeIssue(scheduledTime: string, now: Date): FieldIssue | undefined {
  if (Date.parse(scheduledTime) <= now.getTime() + SCHEDULED_TIME_CLOCK_SKEW_MS) return undefined;
  return {
    path: 'scheduledTime',
    message: `${scheduledTime} is later than now (${now.toISOString()}): it must be when a schedule fired`,
  };
}

/**
 * The fan-out sends `{ account, periodKind, scheduledTime }` for each account of a slot; an operator
 * re-runs or resends with `{ account, period, force: true }` (`month` is the older name of `period`).
 */
export const scheduledReportEventSchema = z
  .strictObject({
    account: z.string().regex(ACCOUNT_NAME_PATTERN, 'must be an account name'),
    /** @default the period of `periodKind` before the current one, in the account's time zone */
    period: z
      .string()
      .refine(isPeriodId, 'must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from 2000 to 9999')
      .optional(),
    month: z
      .string()
      .refine(
        (month) => isMonthId(month) && isPeriodId(month),
        'must be a month as YYYY-MM, from 2000 to 9999',
      )
      .optional(),
    /** @default 'month' */
    periodKind: z.enum(['month', 'quarter', 'year'], { error: 'must be month, quarter or year' }).optional(),
    force: z.boolean().optional(),
    /** @default the time the function runs */
    scheduledTime: scheduledTimeSchema.optional(),
  })
  .superRefine((event, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (event.period !== undefined && event.month !== undefined) {
      issue('month', 'cannot be given with period (it is its older name)');
    }
    if (event.periodKind !== undefined && (event.period !== undefined || event.month !== undefined)) {
      issue('periodKind', 'is only for a run without period or month');
    }
  });

export type ScheduledReportEvent = z.infer<typeof scheduledReportEventSchema>;

/**
 * An event a function cannot run: `Invalid scheduled report event: account is required; acount is not a
 * known field`. Each subclass keeps its literal `name`, which the fan-out's retry rules match.
 */
export abstract class InvalidEventError extends Error {
  constructor(
    event: string,
    readonly issues: readonly FieldIssue[],
  ) {
    const text = issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
    super(`Invalid ${event}: ${text.join('; ')}`);
  }
}

/** The scheduled function's event is not `{ account, period?, periodKind?, force? }`. */
export class ScheduledEventError extends InvalidEventError {
  override readonly name = 'ScheduledEventError';

  constructor(issues: readonly FieldIssue[]) {
    super('scheduled report event', issues);
  }
}

export class UnknownAccountError extends Error {
  override readonly name = 'UnknownAccountError';

  constructor(
    readonly account: string,
    readonly knownAccounts: readonly string[],
  ) {
    const known = knownAccounts.map((name) => JSON.stringify(name)).join(', ');
    super(`Unknown account ${JSON.stringify(account)}: the configured accounts are ${known}`);
  }
}

/** @throws ScheduledEventError naming each bad or unknown field (never a value) */
export function parseScheduledEvent(event: unknown): ScheduledReportEvent {
  return readEvent(event, scheduledReportEventSchema, '{"account":"acme"}', ScheduledEventError);
}

/** An event as `schema` reads it, or the `Invalid` error naming each bad or unknown field (never a value). */
export function readEvent<T>(
  event: unknown,
  schema: z.ZodType<T>,
  example: string,
  Invalid: new (issues: readonly FieldIssue[]) => InvalidEventError,
): T {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new Invalid([{ path: '', message: `the event must be a JSON object such as ${example}` }]);
  }
  const parsed = schema.safeParse(event, { error: fieldTypeErrors });
  if (!parsed.success) throw new Invalid(fieldIssues(parsed.error.issues));
  return parsed.data;
}

/** @throws UnknownAccountError naming it and the accounts there are */
export function accountNamed(config: Pick<DeploymentConfig, 'accounts'>, name: string): AccountConfig {
  const account = findAccount(config, name);
  if (account !== undefined) return account;
  const known = config.accounts.map((each) => each.name);
  throw new UnknownAccountError(name, known);
}
