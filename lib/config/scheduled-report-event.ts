import * as z from 'zod';
import { isMonthId } from '../period';
import { ACCOUNT_NAME_PATTERN } from './field-schemas';

/**
 * The event of the scheduled function. The schedule sends `{ account }`; an operator re-runs or resends
 * a month with `{ account, month, force: true }`.
 */
export const scheduledReportEventSchema = z.strictObject({
  account: z.string().regex(ACCOUNT_NAME_PATTERN, 'must be an account name'),
  /** `YYYY-MM`. @default the month before the current one, in the account's time zone */
  month: z.string().refine(isMonthId, 'must be a month as YYYY-MM').optional(),
  /** Rebuild the report and send the email again even if this month was delivered. @default false */
  force: z.boolean().optional(),
  /**
   * When the schedule fired (`<aws.scheduler.scheduled-time>`, filled in by EventBridge Scheduler). The
   * default month is read from it rather than from the clock, so a retry hours later, past the turn of a
   * month, still reports the month the schedule meant. @default the time the function runs
   */
  scheduledTime: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }).optional(),
});

/** What the scheduled function is asked to do: an account, and optionally a month, `force` and when the schedule fired. */
export type ScheduledReportEvent = z.infer<typeof scheduledReportEventSchema>;
