import * as z from 'zod';
import { mustBe } from './zod-issues';

/** When an account's monthly report (and, if asked for, its yearly report) runs, in the account's time zone. */
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
    /**
     * Also report the previous year, in January on the same day and at the same time as the monthly
     * run (a run of its own, in a schedule slot of its own). @default false
     */
    yearly: z.boolean({ error: mustBe('must be true or false') }).default(false),
  })
  .prefault({});

/** A schedule's local time as its messages and slot ids write it: `06:00`, `02:30`. */
export function scheduleClock(time: { hour: number; minute: number }): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}
