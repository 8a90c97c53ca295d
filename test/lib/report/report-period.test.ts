import { describe, expect, it } from 'vitest';
import { ReportRequestError } from '../../../lib/period';
import { fetchRanges, reportPeriod, reportPeriodSpan } from '../../../lib/report/report-period';

const LATER = new Date('2030-01-01T00:00:00Z');
const at = (iso: string) => Date.parse(iso);

describe('reportPeriod', () => {
  it.each([
    // zone, month, first instant, first instant of the next month (worked out from the zones' offsets)
    ['UTC', '2026-02', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['UTC', '2026-12', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    // CET (+1) at the start; CEST (+2) from 29 March.
    ['Europe/Berlin', '2026-03', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    // CEST at the start; CET from 25 October.
    ['Europe/Berlin', '2026-10', '2026-09-30T22:00:00.000Z', '2026-10-31T23:00:00.000Z'],
    // EST (-5) at the start; EDT (-4) from 8 March.
    ['America/New_York', '2026-03', '2026-03-01T05:00:00.000Z', '2026-04-01T04:00:00.000Z'],
    // EDT at midnight of 1 November; EST from 02:00 that day.
    ['America/New_York', '2026-11', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'],
    // +05:30 all year, across a year end.
    ['Asia/Kolkata', '2026-01', '2025-12-31T18:30:00.000Z', '2026-01-31T18:30:00.000Z'],
    // NZDT (+13) at the start; NZST (+12) from 5 April.
    ['Pacific/Auckland', '2026-04', '2026-03-31T11:00:00.000Z', '2026-04-30T12:00:00.000Z'],
  ])('gives %s %s as [%s, %s), complete once it has ended', (zone, month, start, end) => {
    expect(reportPeriod(month, zone, LATER)).toEqual({
      kind: 'month',
      id: month,
      month,
      timezone: zone,
      start,
      end,
      complete: true,
      asOf: end,
    });
  });

  it.each([
    // CET (+1) on 1 January; CEST (+2) on 1 April.
    ['Europe/Berlin', '2026-Q1', '2025-12-31T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    // CEST on 1 July and on 1 October.
    ['Europe/Berlin', '2026-Q3', '2026-06-30T22:00:00.000Z', '2026-09-30T22:00:00.000Z'],
    // EDT (-4) on 1 October; EST (-5) on 1 January.
    ['America/New_York', '2026-Q4', '2026-10-01T04:00:00.000Z', '2027-01-01T05:00:00.000Z'],
  ])('gives the quarter %s %s as [%s, %s), with no month member', (zone, quarter, start, end) => {
    expect(reportPeriod(quarter, zone, LATER)).toEqual({
      kind: 'quarter',
      id: quarter,
      timezone: zone,
      start,
      end,
      complete: true,
      asOf: end,
    });
  });

  it("gives a year from its first to the next one's first instant, both in winter time", () => {
    expect(reportPeriod('2026', 'America/New_York', LATER)).toMatchObject({
      kind: 'year',
      id: '2026',
      start: '2026-01-01T05:00:00.000Z',
      end: '2027-01-01T05:00:00.000Z',
      complete: true,
    });
  });

  it('says how far a period not ended has run: up to the moment the report is made', () => {
    expect(reportPeriod('2026-11', 'Europe/Berlin', new Date('2026-11-23T13:35:00Z'))).toEqual({
      kind: 'month',
      id: '2026-11',
      month: '2026-11',
      timezone: 'Europe/Berlin',
      start: '2026-10-31T23:00:00.000Z',
      end: '2026-11-30T23:00:00.000Z',
      complete: false,
      asOf: '2026-11-23T13:35:00.000Z',
    });
    // Its last instant is still "so far"; the next one completes it.
    expect(reportPeriod('2026-Q4', 'UTC', new Date('2026-12-31T23:59:59.999Z')).complete).toBe(false);
    expect(reportPeriod('2026-Q4', 'UTC', new Date('2027-01-01T00:00:00Z')).complete).toBe(true);
  });

  it('rejects a bad period or zone before anything else', () => {
    for (const id of ['2026-13', '2026-Q5', '0099-12', '0000-01', '1999']) {
      expect(() => reportPeriod(id, 'UTC', LATER)).toThrow(ReportRequestError);
    }
    expect(() => reportPeriod('2026-03', 'Nowhere/Town', LATER)).toThrow(ReportRequestError);
  });
});

describe('reportPeriodSpan', () => {
  it('covers the whole period once it is complete', () => {
    expect(reportPeriodSpan(reportPeriod('2026-10', 'Europe/Berlin', LATER))).toEqual({
      start: at('2026-09-30T22:00:00Z'),
      end: at('2026-10-31T23:00:00Z'),
    });
  });

  it('stops at asOf while the period runs', () => {
    expect(reportPeriodSpan(reportPeriod('2026', 'UTC', new Date('2026-03-05T06:00:00Z')))).toEqual({
      start: at('2026-01-01T00:00:00Z'),
      end: at('2026-03-05T06:00:00Z'),
    });
  });
});

describe('fetchRanges: the previous span', () => {
  it('is the whole previous period once the period is complete', () => {
    const span = fetchRanges(reportPeriod('2026-Q1', 'Europe/Berlin', LATER)).previous;
    expect(span).toMatchObject({
      start: at('2025-09-30T22:00:00Z'),
      end: at('2025-12-31T23:00:00Z'),
      whole: true,
    });
    expect(span.period.id).toBe('2025-Q4');
  });

  it('is the same elapsed days and hours of the previous period while the period runs', () => {
    // 23 November, 14:35 in Berlin (CET): 22 days and 14 h 35 min into November; 1 October is CEST.
    const span = fetchRanges(
      reportPeriod('2026-11', 'Europe/Berlin', new Date('2026-11-23T13:35:00Z')),
    ).previous;
    expect(span).toMatchObject({
      start: at('2026-09-30T22:00:00Z'),
      end: at('2026-10-23T12:35:00Z'),
      whole: false,
    });
    expect(span.period.id).toBe('2026-10');
  });
});
