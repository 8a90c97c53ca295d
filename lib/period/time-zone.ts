import * as z from 'zod';
import { ReportRequestError } from './report-request-error';

/**
 * What an IANA zone name looks like. `Intl` alone is not enough: on Node 22 it also takes offsets such as
 * `+01:00`, which name no place and follow no daylight saving rules.
 */
const ZONE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Names already checked, with their canonical spelling: asking Intl costs tens of microseconds. */
const canonicalNames = new Map<string, string>();

/**
 * The runtime's canonical zone names, read once: a name among them is its own canonical spelling. Asking
 * `Intl.DateTimeFormat` instead costs a millisecond or more per zone the first time (the zone's rules are
 * loaded), which a configuration of a thousand accounts in a few hundred zones would pay at every cold start.
 */
let supportedNames: ReadonlySet<string> | undefined;

/**
 * The canonical spelling of an IANA time zone, as the runtime's time zone database (what date-fns/tz
 * uses) knows it. `Intl` ignores case: `canonicalTimeZone('europe/berlin')` → `Europe/Berlin`.
 * @throws ReportRequestError for a name the runtime does not know (`Mars/Olympus`) or an offset (`+01:00`)
 */
export function canonicalTimeZone(name: string): string {
  const known = canonicalNames.get(name);
  if (known !== undefined) return known;
  let canonical: string;
  try {
    if (!ZONE_NAME_PATTERN.test(name)) throw new RangeError(name);
    supportedNames ??= new Set(Intl.supportedValuesOf('timeZone'));
    canonical = supportedNames.has(name)
      ? name
      : new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new ReportRequestError(
      `unknown time zone ${JSON.stringify(name)}: expected an IANA name such as UTC or Europe/Berlin`,
    );
  }
  canonicalNames.set(name, canonical);
  return canonical;
}

/**
 * Checks an IANA time zone name and returns it as given (`europe/berlin` stays so).
 * @throws ReportRequestError for a name the runtime does not know (`Mars/Olympus`)
 */
export function parseTimeZone(name: string): string {
  canonicalTimeZone(name);
  return name;
}

/** A part of a zone name that starts with a small letter, which no name in the time zone database has. */
const LOWER_CASE_PART = /(?:^|\/)[a-z]/;

/**
 * A time zone in a configuration: a name the runtime knows, written exactly as the time zone database
 * spells it. A name that differs only in case is refused with the right spelling, since it also goes to
 * EventBridge Scheduler and into every report as written. (`Etc/GMT` is accepted although Intl calls
 * it `UTC`: it is another name, not a misspelling.)
 */
export const timeZoneSchema = z.string().superRefine((zone, ctx) => {
  let canonical: string;
  try {
    canonical = canonicalTimeZone(zone);
  } catch {
    ctx.addIssue({ code: 'custom', message: `unknown time zone ${JSON.stringify(zone)}` });
    return;
  }
  if (canonical !== zone && canonical.toLowerCase() === zone.toLowerCase()) {
    ctx.addIssue({ code: 'custom', message: `write the time zone as ${JSON.stringify(canonical)}` });
  } else if (LOWER_CASE_PART.test(zone)) {
    // Another name of a zone whose canonical name the runtime spells differently (asia/kolkata is
    // Asia/Calcutta to Node 20's ICU): its spelling cannot be read from the runtime, but every name of
    // the database starts each part with a capital.
    ctx.addIssue({
      code: 'custom',
      message:
        'write the time zone as the time zone database spells it, each part starting with a capital (such as "Asia/Kolkata" or "US/Eastern")',
    });
  }
});
