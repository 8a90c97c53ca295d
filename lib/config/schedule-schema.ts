import * as z from 'zod';
import { mustBe } from './zod-issues';

const wholeNumber = (min: number, max: number, fallback: number, maxNote = '') => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z
    .int({ error: mustBe(message) })
    .min(min, message)
    .max(max, `${message}${maxNote}`)
    .default(fallback);
};

/** When an account's monthly report (and, if asked for, its yearly report) runs, in the account's time zone. */
export const scheduleSchema = z
  .strictObject({
    /** Day of the month; at most 28 so that every month has it. @default 1 */
    dayOfMonth: wholeNumber(1, 28, 1, ' (every month has a 28th)'),
    /** @default 6 */
    hour: wholeNumber(0, 23, 6),
    /** @default 0 */
    minute: wholeNumber(0, 59, 0),
    /** Also report the previous year, each January on the monthly run's day and time. @default false */
    yearly: z.boolean({ error: mustBe('must be true or false') }).default(false),
  })
  .prefault({});

/** A schedule's local time as its messages and slot ids write it: `06:00`, `02:30`. */
export function scheduleClock(time: { hour: number; minute: number }): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}
