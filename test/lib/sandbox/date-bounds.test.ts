import { describe, expect, it } from 'vitest';
import { ZoneDays } from '../../../lib/period';
import { datetimeBounds, inBounds, rangeOfDates } from '../../../lib/sandbox/date-reading';

/** Midnight UTC of 2026-10-01 and 2026-10-31, in milliseconds. */
const OCT_1 = 1_790_812_800_000;
const OCT_31 = 1_793_404_800_000;
const HOUR_MS = 3_600_000;

describe('rangeOfDates', () => {
  it('gives no instant to an exclusive range of one day', () => {
    const range = rangeOfDates(
      { startDate: '2026-10-01', endDate: '2026-10-01' },
      { days: new ZoneDays('UTC'), endDate: 'exclusive' },
    );
    expect(range).toEqual({ from: OCT_1 / 1000, to: OCT_1 / 1000 });
  });

  it('leaves a bound that is not sent open', () => {
    const range = rangeOfDates(
      { endDate: '2026-10-31' },
      { days: new ZoneDays('+03:00'), endDate: 'inclusive' },
    );
    expect(range).toEqual({ from: undefined, to: (OCT_31 + 21 * HOUR_MS) / 1000 });
  });
});

/** 2026-10-01 00:00:00 UTC, in epoch seconds. */
const OCT_1_SECONDS = 1_790_812_800;

describe('datetimeBounds', () => {
  it('names the first and the last second of a range', () => {
    const bounds = datetimeBounds({ from: OCT_1_SECONDS - 3 * 3_600, to: OCT_1_SECONDS + 86_400 });
    expect(bounds).toEqual({ first: '2026-09-30 21:00:00', last: '2026-10-01 23:59:59' });
    expect(inBounds('2026-09-30 20:59:59', bounds)).toBe(false);
    expect(inBounds('2026-09-30 21:00:00', bounds)).toBe(true);
    expect(inBounds('2026-10-01 23:59:59', bounds)).toBe(true);
    expect(inBounds('2026-10-02 00:00:00', bounds)).toBe(false);
  });

  it('holds nothing when the range is empty', () => {
    const bounds = datetimeBounds({ from: OCT_1_SECONDS, to: OCT_1_SECONDS });
    expect(inBounds('2026-10-01 00:00:00', bounds)).toBe(false);
  });

  it('leaves open a bound past the last or before the first four-digit year', () => {
    // 9999-12-31 read as a day of UTC−10 ends at 10000-01-01 10:00 UTC.
    const end = 253_402_300_800 + 10 * 3_600;
    expect(datetimeBounds({ from: OCT_1_SECONDS, to: end })).toEqual({
      first: '2026-10-01 00:00:00',
      last: undefined,
    });
    // 0000-01-01 read as a day of UTC+14 begins on the last day of the year before.
    expect(datetimeBounds({ from: -62_167_219_200 - 14 * 3_600 })).toEqual({
      first: undefined,
      last: undefined,
    });
    expect(datetimeBounds({ to: 253_402_300_800 })).toEqual({
      first: undefined,
      last: '9999-12-31 23:59:59',
    });
  });
});
