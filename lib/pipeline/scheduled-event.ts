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
 * When a schedule fired (`<aws.scheduler.scheduled-time>`): the default period is read from it, not the
 * clock, so a retry hours later, past the turn of a month, still reports the period the schedule meant.
 */
const scheduledTimeSchema = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/** What a slot's schedule (or an operator re-running a slot) starts the fan-out with. */
export const slotEventSchema = z.strictObject({
  slot: z.string().min(1, 'must be a schedule slot such as "monthly 1 06:00 Europe/Berlin"').max(200),
  /** @default the time the fan-out runs */
  scheduledTime: scheduledTimeSchema.optional(),
});

export type SlotEvent = z.infer<typeof slotEventSchema>;

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

/** An event a function cannot run; each subclass keeps its literal `name` for the fan-out's retry rules. */
abstract class InvalidEventError extends Error {
  static readonly event: string;

  constructor(readonly issues: readonly FieldIssue[]) {
    const text = issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message));
    super(`Invalid ${(new.target as typeof InvalidEventError).event}: ${text.join('; ')}`);
  }
}

/** The scheduled function's event is not `{ account, period?, periodKind?, force? }`. */
export class ScheduledEventError extends InvalidEventError {
  static override readonly event = 'scheduled report event';
  override readonly name = 'ScheduledEventError';
}

/** The fan-out's event is not `{ slot, scheduledTime? }`. */
export class SlotEventError extends InvalidEventError {
  static override readonly event = 'schedule slot event';
  override readonly name = 'SlotEventError';
}

export class UnknownAccountError extends Error {
  override readonly name = 'UnknownAccountError';
}

/** The event names a slot no account is in: a schedule left from an earlier configuration, or a typo. */
export class UnknownSlotError extends Error {
  override readonly name = 'UnknownSlotError';
}

type InvalidEventClass = new (issues: readonly FieldIssue[]) => InvalidEventError;

/** An event as `schema` reads it, or the `Invalid` error naming each bad or unknown field (never a value). */
export function readEvent<T>(
  event: unknown,
  schema: z.ZodType<T>,
  example: string,
  Invalid: InvalidEventClass,
): T {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new Invalid([{ path: '', message: `the event must be a JSON object such as ${example}` }]);
  }
  const parsed = schema.safeParse(event, { error: fieldTypeErrors });
  if (!parsed.success) throw new Invalid(fieldIssues(parsed.error.issues));
  return parsed.data;
}

/** @throws ScheduledEventError naming each bad or unknown field */
export function parseScheduledEvent(event: unknown): ScheduledReportEvent {
  return readEvent(event, scheduledReportEventSchema, '{"account":"acme"}', ScheduledEventError);
}

/**
 * @throws `Invalid` when a `scheduledTime` is later than `now` by over a minute (clocks differ a little):
 * no schedule fires in the future (2027 typed for 2026, say), and its period would be emailed so far.
 */
export function checkScheduledTime(time: string | undefined, now: Date, Invalid: InvalidEventClass): void {
  if (time === undefined || Date.parse(time) <= now.getTime() + 60_000) return;
  const message = `${time} is later than now (${now.toISOString()}): it must be when a schedule fired`;
  throw new Invalid([{ path: 'scheduledTime', message }]);
}

/** @throws UnknownAccountError naming it and the accounts there are */
export function accountNamed(config: Pick<DeploymentConfig, 'accounts'>, name: string): AccountConfig {
  const account = findAccount(config, name);
  if (account !== undefined) return account;
  const known = `the configured accounts are ${config.accounts.map((each) => JSON.stringify(each.name)).join(', ')}`;
  throw new UnknownAccountError(`Unknown account ${JSON.stringify(name)}: ${known}`);
}
