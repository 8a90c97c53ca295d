import { describe, expect, it } from 'vitest';
import {
  isExistingServiceDatetime,
  parseServiceDatetime,
  serviceDatetimeFromEpochSeconds,
  serviceDatetimeToEpochMs,
} from '../../../lib/period/service-datetime';

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const datetime = (y: number, mo: number, d: number, h = 12, mi = 0, s = 0) =>
  `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)} ${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}`;

/** The reference: a datetime exists when it survives a round trip through `Date.UTC`. */
function survivesDateRoundTrip(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

describe('isExistingServiceDatetime', () => {
  it('knows leap days and month lengths', () => {
    expect(isExistingServiceDatetime('2024-02-29 12:00:00')).toBe(true);
    expect(isExistingServiceDatetime('2026-02-29 12:00:00')).toBe(false);
    expect(isExistingServiceDatetime('2000-02-29 00:00:00')).toBe(true);
    expect(isExistingServiceDatetime('1900-02-29 00:00:00')).toBe(false);
    expect(isExistingServiceDatetime('2026-04-31 00:00:00')).toBe(false);
    expect(isExistingServiceDatetime('2026-12-31 23:59:59')).toBe(true);
  });

  it('refuses hours, minutes and seconds past their last value', () => {
    expect(isExistingServiceDatetime('2026-01-01 24:00:00')).toBe(false);
    expect(isExistingServiceDatetime('2026-01-01 23:60:00')).toBe(false);
    expect(isExistingServiceDatetime('2026-01-01 23:59:60')).toBe(false);
    expect(isExistingServiceDatetime('2026-00-10 10:00:00')).toBe(false);
    expect(isExistingServiceDatetime('2026-13-10 10:00:00')).toBe(false);
    expect(isExistingServiceDatetime('2026-01-00 10:00:00')).toBe(false);
  });

  it('agrees with a round trip through Date for every day of every month of many years', () => {
    const years = [
      0, 1, 99, 100, 101, 400, 1600, 1899, 1900, 1904, 1999, 2000, 2024, 2025, 2026, 2100, 2400, 9999,
    ];
    const disagreements: string[] = [];
    for (const year of years) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = datetime(year, month, day);
          if (isExistingServiceDatetime(text) !== survivesDateRoundTrip(year, month, day, 12, 0, 0)) {
            disagreements.push(text);
          }
        }
      }
    }
    for (const [h, mi, s] of [
      [0, 0, 0],
      [23, 59, 59],
      [24, 0, 0],
      [0, 60, 0],
      [0, 0, 60],
      [99, 99, 99],
    ] as const) {
      const text = datetime(2026, 3, 15, h, mi, s);
      if (isExistingServiceDatetime(text) !== survivesDateRoundTrip(2026, 3, 15, h, mi, s))
        disagreements.push(text);
    }
    expect(disagreements).toEqual([]);
  });
});

describe('serviceDatetimeToEpochMs', () => {
  it('reads the text as UTC', () => {
    expect(serviceDatetimeToEpochMs('2026-10-01 12:00:00')).toBe(Date.parse('2026-10-01T12:00:00Z'));
    expect(serviceDatetimeToEpochMs('2024-02-29 23:59:59')).toBe(Date.parse('2024-02-29T23:59:59Z'));
    expect(serviceDatetimeToEpochMs('0100-01-01 00:00:00')).toBe(Date.parse('0100-01-01T00:00:00Z'));
  });

  it.each([
    '2026-02-30 10:00:00',
    '2026-10-01T12:00:00',
    '2026-10-01 12:00',
    ' 2026-10-01 12:00:00',
    '2026-10-01 12:00:00 ',
    '２０２６-10-01 12:00:00',
    '0099-12-31 23:59:59',
    '',
  ])('is NaN for %j', (text) => {
    expect(serviceDatetimeToEpochMs(text)).toBeNaN();
  });
});

describe('parseServiceDatetime', () => {
  const at = (iso: string) => Date.parse(iso);

  it('reads the service datetime as UTC', () => {
    expect(parseServiceDatetime('2026-03-01 00:00:00')).toBe(at('2026-03-01T00:00:00Z'));
    expect(parseServiceDatetime('2026-02-28 23:59:59')).toBe(at('2026-02-28T23:59:59Z'));
    expect(parseServiceDatetime('2024-02-29 12:34:56')).toBe(at('2024-02-29T12:34:56Z'));
  });

  it.each([
    '2026-02-30 10:00:00',
    '2026-03-01 24:00:00',
    '2026-03-01 10:60:00',
    '2026-03-01T10:00:00',
    '2026-03-01',
  ])('rejects %j', (text) => {
    expect(() => parseServiceDatetime(text)).toThrow(`Invalid service datetime ${JSON.stringify(text)}`);
  });
});

describe('serviceDatetimeFromEpochSeconds', () => {
  it('writes an instant as the service does, in UTC', () => {
    expect(serviceDatetimeFromEpochSeconds(Date.parse('2026-10-01T12:00:00Z') / 1000)).toBe(
      '2026-10-01 12:00:00',
    );
    expect(serviceDatetimeFromEpochSeconds(Date.parse('2024-02-29T23:59:59Z') / 1000)).toBe(
      '2024-02-29 23:59:59',
    );
    expect(serviceDatetimeFromEpochSeconds(Date.parse('2026-03-01T00:00:00Z') / 1000)).toBe(
      '2026-03-01 00:00:00',
    );
    expect(serviceDatetimeFromEpochSeconds(Date.parse('2026-03-01T09:05:07Z') / 1000)).toBe(
      '2026-03-01 09:05:07',
    );
  });
});
