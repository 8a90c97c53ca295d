import { z } from 'zod';
import { mustBe } from '../zod-issues';

const ZONE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * An IANA time zone. `Intl` decides what exists (it is what date-fns/tz uses at run time). `Intl`
 * ignores case, but the name also goes to EventBridge Scheduler and into every report as written, so
 * a name that differs from the canonical one only in case is refused with the right spelling.
 */
export const timezoneSchema = z
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
