import { describe, expect, it } from 'vitest';
import { firstSkippedDate } from '../../../lib/period';

// Dates worked out from each zone's rules: Europe/Berlin goes from 02:00 to 03:00 on the last Sunday of
// March (26 March 2028 is one), Europe/London from 01:00 to 02:00 on the same day, America/New_York from
// 02:00 to 03:00 on the second Sunday of March (10 March 2030) and back from 02:00 to 01:00 on the first
// Sunday of November, and America/Havana from 00:00 to 01:00 on the second Sunday of March (8 March 2026).
describe('firstSkippedDate', () => {
  it.each([
    ['Europe/Berlin', 26, 2, 30, '2028-03-26'],
    ['Europe/Berlin', 26, 2, 0, '2028-03-26'],
    ['Europe/Berlin', 26, 2, 59, '2028-03-26'],
    ['Europe/London', 26, 1, 30, '2028-03-26'],
    ['America/New_York', 10, 2, 15, '2030-03-10'],
    ['America/Havana', 8, 0, 30, '2026-03-08'],
  ])('finds the day %s skips %i at %i:%i', (timezone, dayOfMonth, hour, minute, expected) => {
    expect(firstSkippedDate({ timezone, dayOfMonth, hour, minute }, 2026)).toBe(expected);
  });

  it.each([
    ['Europe/Berlin', 26, 3, 0, 'the first minute after the gap'],
    ['Europe/Berlin', 26, 1, 59, 'the last minute before the gap'],
    ['Europe/Berlin', 24, 2, 30, 'a day that is never the last Sunday of March'],
    ['America/New_York', 3, 1, 30, 'the hour that comes twice in November, which the scheduler runs once'],
    ['Europe/London', 26, 2, 30, 'the hour after London’s gap'],
    ['Asia/Tokyo', 26, 2, 30, 'a zone without daylight saving'],
    ['UTC', 1, 0, 0, 'UTC'],
  ])('finds none for %s on day %i at %i:%i (%s)', (timezone, dayOfMonth, hour, minute) => {
    expect(firstSkippedDate({ timezone, dayOfMonth, hour, minute }, 2026)).toBeUndefined();
  });

  it('looks only at the years asked for', () => {
    // 26 March is the last Sunday of March in 2028 and 2034, not from 2029 to 2033.
    expect(
      firstSkippedDate({ timezone: 'Europe/Berlin', dayOfMonth: 26, hour: 2, minute: 30 }, 2029, 5),
    ).toBeUndefined();
    expect(
      firstSkippedDate({ timezone: 'Europe/Berlin', dayOfMonth: 26, hour: 2, minute: 30 }, 2029, 6),
    ).toBe('2034-03-26');
  });
});
