import * as z from 'zod';
import { isMonthId } from '../period';
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

/**
 * The event of the scheduled function. The fan-out sends `{ account, periodKind, scheduledTime }` for
 * each account of a schedule slot; an operator re-runs or resends a month with
 * `{ account, month, force: true }`.
 */
export const scheduledReportEventSchema = z.strictObject({
  account: z.string().regex(ACCOUNT_NAME_PATTERN, 'must be an account name'),
  /** `YYYY-MM`. @default the month before the current one, in the account's time zone */
  month: z.string().refine(isMonthId, 'must be a month as YYYY-MM').optional(),
  /**
   * What a run without `month` reports: the previous month, or (a yearly slot) the previous year.
   * @default 'month'
   */
  periodKind: z.enum(['month', 'year'], { error: 'must be "month" or "year"' }).optional(),
  /** Rebuild the report and send the email again even if this month was delivered. @default false */
  force: z.boolean().optional(),
  /** When the schedule fired. @default the time the function runs */
  scheduledTime: scheduledTimeSchema.optional(),
});

/** What the scheduled function is asked to do: an account, and optionally a month, `force` and when the schedule fired. */
export type ScheduledReportEvent = z.infer<typeof scheduledReportEventSchema>;
