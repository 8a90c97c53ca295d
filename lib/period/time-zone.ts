import { TZDate, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';
import { millisecondsInMinute, secondsInDay } from 'date-fns/constants';
import * as z from 'zod';
import { serviceDatetimeFromEpochSeconds } from './service-datetime';

/** An IANA zone name: on Node 22 `Intl` also takes offsets such as `+01:00`, which follow no rules. */
const ZONE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Names checked, with their canonical spelling: asking Intl costs tens of microseconds. */
const canonicalNames = new Map<string, string>();
/** Read once: `Intl.DateTimeFormat` costs a millisecond a zone. */
let supportedNames: ReadonlySet<string> | undefined;

/** The canonical spelling of a zone, `undefined` for one the runtime does not know or an offset. */
export function knownZone(name: string): string | undefined {
  let canonical = canonicalNames.get(name);
  if (canonical !== undefined || !ZONE_NAME_PATTERN.test(name)) return canonical;
  try {
    supportedNames ??= new Set(Intl.supportedValuesOf('timeZone'));
    canonical = supportedNames.has(name)
      ? name
      : new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  canonicalNames.set(name, canonical);
  return canonical;
}

/** A part of a zone name that starts with a small letter, which no name in the time zone database has. */
const LOWER_CASE_PART = /(?:^|\/)[a-z]/;

/**
 * A time zone in a configuration, spelled exactly as the database does: it also goes to EventBridge
 * Scheduler and into every report as written. (`Etc/GMT` is another name of `UTC`, not a misspelling.)
 */
export const timeZoneSchema = z.string().superRefine((zone, ctx) => {
  const canonical = knownZone(zone);
  if (canonical === undefined) {
    ctx.addIssue({ code: 'custom', message: `unknown time zone ${JSON.stringify(zone)}` });
  } else if (canonical !== zone && canonical.toLowerCase() === zone.toLowerCase()) {
    ctx.addIssue({ code: 'custom', message: `write the time zone as ${JSON.stringify(canonical)}` });
  } else if (LOWER_CASE_PART.test(zone)) {
    // A name the runtime resolves to another (asia/kolkata is Asia/Calcutta to Node 20's ICU): every
    // name of the database starts each part with a capital.
    ctx.addIssue({
      code: 'custom',
      message:
        'write the time zone as the time zone database spells it, each part starting with a capital (such as "Asia/Kolkata" or "US/Eastern")',
    });
  }
});

/** A calendar day (`Y-m-d`) of a time zone and its first instant in epoch seconds. */
export type ZoneDay = { day: string; start: number };

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/** Whether `zone` is an IANA name or an offset `+03:00` from −12:00 to +14:00 (the sandbox's zones). */
export function isZoneOrOffset(zone: string): boolean {
  const offset = OFFSET.exec(zone);
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
    return Number(offset[3]) < 60 && minutes >= -12 * 60 && minutes <= 14 * 60;
  }
  return knownZone(zone) !== undefined;
}

/** A zone's or offset's days in the sandbox's epoch seconds: where each begins, which holds a datetime. */
export class ZoneDays {
  /**
   * The zone days that begin in each UTC day (`Y-m-d`), in order, each from the `Y-m-d H:i:s` (UTC) of its
   * first second there: an invoice's day is one lookup.
   */
  private readonly cuts = new Map<string, { from: string; zoneDay: ZoneDay }[]>();

  constructor(readonly zone: string) {
    if (!isZoneOrOffset(zone)) throw new RangeError(`sandbox: unknown time zone "${zone}"`);
  }

  /** The first instant of a `Y-m-d` day, or of the day `later` days after, in epoch seconds. */
  startOf(day: string, later = 0): number {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return Math.ceil(new TZDate(year, month - 1, date + later, this.zone).getTime() / 1000);
  }

  /** The zone day a `Y-m-d H:i:s` (UTC) datetime falls on. */
  dayOf(datetime: string): ZoneDay {
    const utcDay = datetime.slice(0, 10);
    const cuts = this.cuts.get(utcDay) ?? this.cutsOf(utcDay);
    for (let index = cuts.length - 1; index > 0; index--) {
      if (datetime >= cuts[index]!.from) return cuts[index]!.zoneDay;
    }
    return cuts[0]!.zoneDay;
  }

  /** The zone days that overlap a UTC day: the one it begins in, then each that begins inside it. */
  private cutsOf(utcDay: string): { from: string; zoneDay: ZoneDay }[] {
    const utcStart = Date.parse(`${utcDay}T00:00:00Z`) / 1000;
    const first = format(new TZDate(utcStart * 1000, this.zone), 'yyyy-MM-dd');
    const cuts = [{ from: `${utcDay} 00:00:00`, zoneDay: { day: first, start: this.startOf(first) } }];
    for (let later = 1; ; later++) {
      const start = this.startOf(first, later);
      if (start >= utcStart + secondsInDay) break;
      const day = format(new TZDate(start * 1000, this.zone), 'yyyy-MM-dd');
      cuts.push({ from: serviceDatetimeFromEpochSeconds(start), zoneDay: { day, start } });
    }
    this.cuts.set(utcDay, cuts);
    return cuts;
  }
}

/** Years a schedule is checked ahead: in 28 every date falls on every weekday ("the last Sunday"). */
const SKIPPED_TIME_YEARS = 28;

/**
 * The first date from `fromYear` on whose clocks skip the schedule's local time, or undefined within
 * `years`: EventBridge Scheduler skips a run whose time does not exist, so that month's report would never
 * be sent. A time that comes twice is run once, and is no problem. `TZDate` moves a skipped time on.
 * @example firstSkippedDate({ timezone: 'Europe/Berlin', dayOfMonth: 26, hour: 2, minute: 30 }, 2026) // '2028-03-26'
 */
export function firstSkippedDate(
  time: { timezone: string; dayOfMonth: number; hour: number; minute: number },
  fromYear: number,
  years = SKIPPED_TIME_YEARS,
): string | undefined {
  const { timezone, dayOfMonth, hour, minute } = time;
  for (let month = 0; month < years * 12; month++) {
    const wall = Date.UTC(fromYear, month, dayOfMonth, hour, minute);
    const date = new TZDate(fromYear, month, dayOfMonth, hour, minute, timezone);
    if (Number.isNaN(date.getTime())) return undefined;
    // A time that exists is its wall time less the zone's offset then.
    if (wall - tzOffset(timezone, date) * millisecondsInMinute !== date.getTime()) {
      return new Date(wall).toISOString().slice(0, 10);
    }
  }
  return undefined;
}
