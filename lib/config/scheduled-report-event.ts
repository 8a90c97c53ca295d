import * as z from 'zod';
import { isMonthId, isPeriodId } from '../period';
import type { FieldIssue } from '../zod-issues';
import { ACCOUNT_NAME_PATTERN } from './field-schemas';

/**
 * When a schedule fired (`<aws.scheduler.scheduled-time>`, filled in by EventBridge Scheduler and handed
 * on by the fan-out). The default period is read from it rather than from the clock, so a retry hours
 * later, past the turn of a month, still reports the period the schedule meant.
 */
export const scheduledTimeSchema = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date and time',
});

/** How far a `scheduledTime` may be ahead of the clock that reads it: two machines' clocks differ by a little. */
export const SCHEDULED_TIME_CLOCK_SKEW_MS = 60_000;

/**
 * What is wrong with a `scheduledTime` read at `now`: nothing, or that it is later than now. No schedule
 * has fired in the future (a slot re-run by hand with 2027 typed for 2026, say), and the period before it
 * has not ended: a run would email it so far, as if it were the period the schedule meant.
 */
export function scheduledTimeIssue(scheduledTime: string, now: Date): FieldIssue | undefined {
  if (Date.parse(scheduledTime) <= now.getTime() + SCHEDULED_TIME_CLOCK_SKEW_MS) return undefined;
  return {
    path: 'scheduledTime',
    message: `${scheduledTime} is later than now (${now.toISOString()}): it must be when a schedule fired`,
  };
}

/**
 * The event of the scheduled function. The fan-out sends `{ account, periodKind, scheduledTime }` for
 * each account of a schedule slot (`periodKind: "year"` from a yearly slot); an operator re-runs or
 * resends a period with `{ account, period, force: true }` (`month` is the older name of `period`, for
 * months only).
 */
export const scheduledReportEventSchema = z
  .strictObject({
    account: z.string().regex(ACCOUNT_NAME_PATTERN, 'must be an account name'),
    /**
     * A month `YYYY-MM`, a quarter `YYYY-Qn` or a year `YYYY`, from 2000 to 9999.
     * @default the period of `periodKind` before the current one, in the account's time zone
     */
    period: z
      .string()
      .refine(isPeriodId, 'must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from 2000 to 9999')
      .optional(),
    /** `YYYY-MM`: the same as `period` with a month. */
    month: z
      .string()
      .refine(
        (month) => isMonthId(month) && isPeriodId(month),
        'must be a month as YYYY-MM, from 2000 to 9999',
      )
      .optional(),
    /**
     * Without `period`, the kind of period to report: the one before the current one (a yearly slot
     * sends `year`).
     * @default 'month'
     */
    periodKind: z.enum(['month', 'quarter', 'year'], { error: 'must be month, quarter or year' }).optional(),
    /** Rebuild the report and send the email again even if this period was delivered. @default false */
    force: z.boolean().optional(),
    /** When the schedule fired. @default the time the function runs */
    scheduledTime: scheduledTimeSchema.optional(),
  })
  .superRefine((event, ctx) => {
    if (event.period !== undefined && event.month !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['month'],
        message: 'cannot be given with period (it is its older name)',
      });
    }
    if (event.periodKind !== undefined && (event.period !== undefined || event.month !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['periodKind'],
        message: 'is only for a run without period or month',
      });
    }
  });

/**
 * What the scheduled function is asked to do: an account, and optionally a period (or the kind of the
 * previous period to report), `force` and when the schedule fired.
 */
export type ScheduledReportEvent = z.infer<typeof scheduledReportEventSchema>;
