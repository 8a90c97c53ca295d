import * as z from 'zod';
import { timeZoneSchema } from '../period';
import { mustBe } from '../zod-issues';

/**
 * An IANA time zone, spelt as the time zone database spells it: the check is `lib/period`'s
 * `timeZoneSchema`, the one used everywhere. The name goes to EventBridge Scheduler and into every report
 * as written, so a name that differs from the canonical one only in case is refused with the right spelling.
 */
export const timezoneSchema = z
  .string({ error: mustBe('must be an IANA time zone such as "Europe/Berlin"') })
  .pipe(timeZoneSchema);
