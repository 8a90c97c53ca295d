import { describe, expect, it } from 'vitest';
import { isZoneOrOffset, ZoneDays } from '../../../lib/period';

const HOUR = 3_600;
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('ZoneDays', () => {
  it('starts a UTC day at midnight UTC', () => {
    const utc = new ZoneDays('UTC');
    expect(utc.startOf('2026-10-01')).toBe(seconds('2026-10-01T00:00:00Z'));
    expect(utc.dayOf('2026-10-01 23:59:59')).toEqual({
      day: '2026-10-01',
      start: seconds('2026-10-01T00:00:00Z'),
    });
  });

  it('starts a day of a fixed offset that many hours before or after midnight UTC', () => {
    const plusThree = new ZoneDays('+03:00');
    expect(plusThree.startOf('2026-10-01')).toBe(seconds('2026-09-30T21:00:00Z'));
    expect(plusThree.dayOf('2026-09-30 20:59:59').day).toBe('2026-09-30');
    expect(plusThree.dayOf('2026-09-30 21:00:00')).toEqual({
      day: '2026-10-01',
      start: seconds('2026-09-30T21:00:00Z'),
    });
    const minusTen = new ZoneDays('-10:00');
    expect(minusTen.startOf('2026-10-01')).toBe(seconds('2026-10-01T10:00:00Z'));
    expect(minusTen.dayOf('2026-10-01 09:59:59').day).toBe('2026-09-30');
    expect(minusTen.dayOf('2026-10-01 10:00:00').day).toBe('2026-10-01');
  });

  it('gives a New York day 23 hours when the clocks go forward and 25 when they go back', () => {
    const newYork = new ZoneDays('America/New_York');
    // 2026-03-08: midnight is EST (UTC-5); from 02:00 the clocks read 03:00 EDT (UTC-4).
    expect(newYork.startOf('2026-03-08')).toBe(seconds('2026-03-08T05:00:00Z'));
    expect(newYork.startOf('2026-03-09')).toBe(seconds('2026-03-09T04:00:00Z'));
    expect(newYork.startOf('2026-03-08', 1) - newYork.startOf('2026-03-08')).toBe(23 * HOUR);
    // 2026-11-01: midnight is EDT (UTC-4); at 02:00 EDT the clocks go back to 01:00 EST (UTC-5).
    expect(newYork.startOf('2026-11-01')).toBe(seconds('2026-11-01T04:00:00Z'));
    expect(newYork.startOf('2026-11-02')).toBe(seconds('2026-11-02T05:00:00Z'));
    expect(newYork.startOf('2026-11-01', 1) - newYork.startOf('2026-11-01')).toBe(25 * HOUR);
    expect(newYork.dayOf('2026-11-01 03:59:59').day).toBe('2026-10-31');
    expect(newYork.dayOf('2026-11-01 06:30:00').day).toBe('2026-11-01');
    expect(newYork.dayOf('2026-11-02 04:59:59')).toEqual({
      day: '2026-11-01',
      start: seconds('2026-11-01T04:00:00Z'),
    });
    expect(newYork.dayOf('2026-11-02 05:00:00').day).toBe('2026-11-02');
  });

  it('starts a day whose midnight does not exist at its first instant', () => {
    // Chile moves its clocks from 24:00 on 2026-09-05 to 01:00 on 2026-09-06 (UTC-4 to UTC-3).
    expect(new ZoneDays('America/Santiago').startOf('2026-09-06')).toBe(seconds('2026-09-06T04:00:00Z'));
  });

  it('cuts days at a quarter-hour offset', () => {
    const kathmandu = new ZoneDays('Asia/Kathmandu');
    expect(kathmandu.dayOf('2026-01-01 18:14:59').day).toBe('2026-01-01');
    expect(kathmandu.dayOf('2026-01-01 18:15:00')).toEqual({
      day: '2026-01-02',
      start: seconds('2026-01-01T18:15:00Z'),
    });
  });

  it('refuses a zone it does not know', () => {
    expect(() => new ZoneDays('Mars/Olympus')).toThrow('sandbox: unknown time zone "Mars/Olympus"');
  });
});

describe('isZoneOrOffset', () => {
  it.each(['UTC', 'Asia/Tokyo', 'America/New_York', '+03:00', '-10:00', '-12:00', '+14:00', '+05:45'])(
    'accepts %s',
    (zone) => {
      expect(isZoneOrOffset(zone)).toBe(true);
    },
  );

  it.each(['Mars/Olympus', '+15:00', '-12:30', '+3', '03:00', '+03:60', ''])('refuses %j', (zone) => {
    expect(isZoneOrOffset(zone)).toBe(false);
  });
});
