import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { secondsInDay } from 'date-fns/constants';
import { serviceDatetimeFromEpochSeconds } from './service-datetime';
import { canonicalTimeZone } from './time-zone';

/** A calendar day of a time zone. */
export interface ZoneDay {
  /** `Y-m-d` in the zone. */
  day: string;
  /** Its first instant, in epoch seconds (a day is 23 or 25 hours long where the clocks change). */
  start: number;
}

/** A zone day as it begins inside one UTC day: from the `Y-m-d H:i:s` (UTC) of its first second there. */
interface Cut {
  from: string;
  zoneDay: ZoneDay;
}

const OFFSET = /^([+-])(\d{2}):(\d{2})$/;

/**
 * Whether `zone` is a zone the service's dates may be read in (the sandbox reads them in each legal
 * way): an IANA name (`America/New_York`, `UTC`) or a fixed offset from UTC−12:00 to UTC+14:00 written
 * `+03:00` / `-10:00`.
 */
export function isZoneOrOffset(zone: string): boolean {
  const offset = OFFSET.exec(zone);
  if (offset) {
    const minutes = (Number(offset[2]) * 60 + Number(offset[3])) * (offset[1] === '-' ? -1 : 1);
    return Number(offset[3]) < 60 && minutes >= -12 * 60 && minutes <= 14 * 60;
  }
  try {
    canonicalTimeZone(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar days of one zone or offset, in the sandbox's epoch seconds: where a day begins, and on
 * which day a service datetime falls.
 * @example new ZoneDays('America/New_York').startOf('2026-03-08') // 05:00 UTC; that day lasts 23 hours
 */
export class ZoneDays {
  /** The zone days that begin in each UTC day (`Y-m-d`), in order: an invoice's day is one lookup. */
  private readonly cuts = new Map<string, Cut[]>();

  /** @param zone checked with `isZoneOrOffset` */
  constructor(readonly zone: string) {
    if (!isZoneOrOffset(zone)) throw new RangeError(`sandbox: unknown time zone "${zone}"`);
  }

  /**
   * The first instant of a `Y-m-d` day in the zone, or of the day `later` days after it, in epoch
   * seconds (where midnight does not exist, the first instant after it).
   */
  startOf(day: string, later = 0): number {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return Math.ceil(new TZDate(year, month - 1, date + later, this.zone).getTime() / 1000);
  }

  /** The zone day a `Y-m-d H:i:s` (UTC) datetime falls on. */
  dayOf(datetime: string): ZoneDay {
    const utcDay = datetime.slice(0, 10);
    let cuts = this.cuts.get(utcDay);
    if (cuts === undefined) {
      cuts = this.cutsOf(utcDay);
      this.cuts.set(utcDay, cuts);
    }
    for (let index = cuts.length - 1; index > 0; index--) {
      if (datetime >= cuts[index]!.from) return cuts[index]!.zoneDay;
    }
    return cuts[0]!.zoneDay;
  }

  /** The zone days that overlap a UTC day: the one it begins in, then each that begins inside it. */
  private cutsOf(utcDay: string): Cut[] {
    const utcStart = Date.parse(`${utcDay}T00:00:00Z`) / 1000;
    const first = format(new TZDate(utcStart * 1000, this.zone), 'yyyy-MM-dd');
    const cuts: Cut[] = [{ from: `${utcDay} 00:00:00`, zoneDay: { day: first, start: this.startOf(first) } }];
    for (let later = 1; ; later++) {
      const start = this.startOf(first, later);
      if (start >= utcStart + secondsInDay) return cuts;
      const day = format(new TZDate(start * 1000, this.zone), 'yyyy-MM-dd');
      cuts.push({ from: serviceDatetimeFromEpochSeconds(start), zoneDay: { day, start } });
    }
  }
}
