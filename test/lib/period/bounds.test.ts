import { describe, expect, it } from 'vitest';
import { parsePeriod, periodBounds, ReportRequestError, zonedDayStart } from '../../../lib/period';

const at = (iso: string) => Date.parse(iso);

describe('periodBounds', () => {
  it.each([
    // zone, month, first instant, first instant of the next month (worked out from the zones' offsets)
    ['UTC', '2026-12', '2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    // CET (+1) on both first days, across a year end.
    ['Europe/Berlin', '2026-01', '2025-12-31T23:00:00Z', '2026-01-31T23:00:00Z'],
    // CEST at the start; CET from 25 October.
    ['Europe/Berlin', '2026-10', '2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z'],
    // -04 at the start; -03 from 6 September, when midnight is skipped.
    ['America/Santiago', '2026-09', '2026-09-01T04:00:00Z', '2026-10-01T03:00:00Z'],
  ])('gives %s %s as [%s, %s)', (zone, month, start, end) => {
    expect(periodBounds(parsePeriod(month), zone)).toEqual({ start: at(start), end: at(end) });
  });

  it.each([
    // CET on 1 January and still on 1 January; CEST on 1 April.
    ['Europe/Berlin', '2026-Q1', '2025-12-31T23:00:00Z', '2026-03-31T22:00:00Z'],
    // CEST on 1 October; CET on 1 January.
    ['Europe/Berlin', '2026-Q4', '2026-09-30T22:00:00Z', '2026-12-31T23:00:00Z'],
    // EDT (-4) on 1 April and on 1 July.
    ['America/New_York', '2026-Q2', '2026-04-01T04:00:00Z', '2026-07-01T04:00:00Z'],
    // EDT on 1 October; EST (-5) on 1 January.
    ['America/New_York', '2026-Q4', '2026-10-01T04:00:00Z', '2027-01-01T05:00:00Z'],
    // NZDT (+13) on 1 April (it ends on 5 April); NZST (+12) on 1 July.
    ['Pacific/Auckland', '2026-Q2', '2026-03-31T11:00:00Z', '2026-06-30T12:00:00Z'],
    ['UTC', '2026-Q1', '2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z'],
  ])('gives %s %s as [%s, %s)', (zone, quarter, start, end) => {
    expect(periodBounds(parsePeriod(quarter), zone)).toEqual({ start: at(start), end: at(end) });
  });

  it.each([
    ['UTC', '2026', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'],
    ['Europe/Berlin', '2026', '2025-12-31T23:00:00Z', '2026-12-31T23:00:00Z'],
    // +05:30 all year.
    ['Asia/Kolkata', '2026', '2025-12-31T18:30:00Z', '2026-12-31T18:30:00Z'],
    // NZDT (+13) on both 1 Januaries.
    ['Pacific/Auckland', '2026', '2025-12-31T11:00:00Z', '2026-12-31T11:00:00Z'],
    ['UTC', '9999', '9999-01-01T00:00:00Z', '+010000-01-01T00:00:00Z'],
  ])('gives %s %s as [%s, %s)', (zone, year, start, end) => {
    expect(periodBounds(parsePeriod(year), zone)).toEqual({ start: at(start), end: at(end) });
  });

  it('rejects an unknown zone', () => {
    expect(() => periodBounds(parsePeriod('2026'), 'Nowhere/Town')).toThrow(ReportRequestError);
  });
});

describe('zonedDayStart', () => {
  it("starts a day at its zone's midnight", () => {
    expect(zonedDayStart(2026, 3, 29, 'Europe/Berlin')).toBe(at('2026-03-28T23:00:00Z'));
    expect(zonedDayStart(2026, 3, 30, 'Europe/Berlin')).toBe(at('2026-03-29T22:00:00Z'));
  });

  it('starts a day whose midnight is skipped at its first instant', () => {
    // Chile moves from -04 to -03 at 00:00 on 6 September 2026: that day begins at 01:00.
    expect(zonedDayStart(2026, 9, 6, 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
  });

  it('starts a day whose midnight came twice at the first', () => {
    // Jordan left summer time at 01:00 (+03) on 29 October 2021, back to 00:00 (+02): that day's
    // 00:00–00:59 came twice, and the day began at the first 00:00, 21:00 UTC.
    expect(zonedDayStart(2021, 10, 29, 'Asia/Amman')).toBe(at('2021-10-28T21:00:00Z'));
    // Gaza left it at 01:00 on 1 October 2004 the same way: the month began at 21:00 UTC.
    expect(zonedDayStart(2004, 10, 1, 'Asia/Gaza')).toBe(at('2004-09-30T21:00:00Z'));
    // Russia's change of 26 October 2014 put Chita back two hours, from 02:00 (+10) to 00:00 (+08):
    // the day began at the first 00:00, 14:00 UTC, not at the second, 16:00 UTC.
    expect(zonedDayStart(2014, 10, 26, 'Asia/Chita')).toBe(at('2014-10-25T14:00:00Z'));
    // Magadan the same night, from 02:00 (+12) back to 00:00 (+10): 12:00 UTC, not 14:00.
    expect(zonedDayStart(2014, 10, 26, 'Asia/Magadan')).toBe(at('2014-10-25T12:00:00Z'));
    // Casey went back three hours on 17 March 2019, from 03:00 (+11) to 00:00 (+08): 13:00 UTC, not 16:00.
    expect(zonedDayStart(2019, 3, 17, 'Antarctica/Casey')).toBe(at('2019-03-16T13:00:00Z'));
    // A day whose clock goes back later in the night (Berlin, 03:00 to 02:00) keeps its one midnight.
    expect(zonedDayStart(2026, 10, 25, 'Europe/Berlin')).toBe(at('2026-10-24T22:00:00Z'));
  });

  it('rolls a day past the end of the month into the next', () => {
    expect(zonedDayStart(2026, 2, 29, 'UTC')).toBe(at('2026-03-01T00:00:00Z'));
    expect(zonedDayStart(2026, 12, 32, 'UTC')).toBe(at('2027-01-01T00:00:00Z'));
  });
});
