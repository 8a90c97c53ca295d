import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type { PreviousPeriodFigures, ReportPeriod } from '../../../lib/report/model';
import {
  comparisonWords,
  monthTitle,
  periodHeading,
  periodTitle,
  previousPeriodName,
} from '../../../lib/report/period-words';

/** The fourth quarter of 2026 in New York: EDT (-4) on 1 October, EST (-5) on 1 January. */
const QUARTER: ReportPeriod = {
  kind: 'quarter',
  id: '2026-Q4',
  timezone: 'America/New_York',
  start: '2026-10-01T04:00:00.000Z',
  end: '2027-01-01T05:00:00.000Z',
  complete: true,
  asOf: '2027-01-01T05:00:00.000Z',
};
/** The same quarter on 23 November, 09:05 in New York (14:05 UTC). */
const QUARTER_SO_FAR: ReportPeriod = { ...QUARTER, complete: false, asOf: '2026-11-23T14:05:00.000Z' };

const previous = (overrides: Partial<PreviousPeriodFigures>): PreviousPeriodFigures => ({
  kind: 'quarter',
  id: '2026-Q3',
  start: '2026-07-01T04:00:00.000Z',
  end: '2026-10-01T04:00:00.000Z',
  comparison: 'whole-period',
  paid: 0,
  paidTotalUSD: new Big(0),
  change: { paid: 0, paidTotalUSD: new Big(0), paidTotalPercent: null },
  ...overrides,
});

describe('periodTitle and periodHeading', () => {
  it('name a complete period as people do', () => {
    expect(periodTitle(QUARTER)).toBe('Q4 2026');
    expect(periodHeading(QUARTER)).toBe('Q4 2026');
    expect(periodTitle({ id: '2026', complete: true })).toBe('2026');
    expect(periodTitle({ id: '2026-02', complete: true })).toBe('February 2026');
  });

  it('say "so far" of a period not ended, and the heading says up to which instant', () => {
    expect(periodTitle(QUARTER_SO_FAR)).toBe('Q4 2026 so far');
    expect(periodHeading(QUARTER_SO_FAR)).toBe('Q4 2026 so far, as of 23 Nov 2026, 09:05 (America/New_York)');
    expect(periodHeading(QUARTER_SO_FAR, '2026-Q4')).toBe(
      '2026-Q4 so far, as of 23 Nov 2026, 09:05 (America/New_York)',
    );
  });
});

describe('previousPeriodName and comparisonWords', () => {
  it('name the whole previous period when the period is complete, and say nothing more', () => {
    expect(previousPeriodName(previous({}), 'America/New_York')).toBe('Q3 2026');
    expect(comparisonWords({ period: QUARTER, previousPeriod: previous({}) })).toBeNull();
  });

  it('name the period before January 2000, the first month reported, though it is not reported itself', () => {
    const december1999 = previous({
      kind: 'month',
      id: '1999-12',
      start: '1999-12-01T00:00:00.000Z',
      end: '2000-01-01T00:00:00.000Z',
    });
    expect(previousPeriodName(december1999, 'UTC')).toBe('December 1999');
    expect(previousPeriodName(previous({ kind: 'quarter', id: '1999-Q4' }), 'UTC')).toBe('Q4 1999');
    expect(previousPeriodName(previous({ kind: 'year', id: '1999' }), 'UTC')).toBe('1999');
  });

  it('name the days of the same elapsed span of a period not ended', () => {
    // 1 July 00:00 to 23 August 09:05 in New York: 53 days and 9 h 5 min, as 1 October to 23 November.
    const span = previous({ end: '2026-08-23T13:05:00.000Z', comparison: 'same-elapsed-span' });
    expect(previousPeriodName(span, 'America/New_York')).toBe('1 Jul – 23 Aug 2026');
    expect(comparisonWords({ period: QUARTER_SO_FAR, previousPeriod: span })).toBe(
      '1 Oct – 23 Nov 2026 so far, against 1 Jul – 23 Aug 2026',
    );
  });
});

describe('monthTitle', () => {
  it('says "so far" of the last month of a period not ended only', () => {
    const months = [
      { month: '2026-10', paid: 1, paidTotalUSD: new Big(1) },
      { month: '2026-11', paid: 0, paidTotalUSD: new Big(0) },
    ];
    expect(
      months.map((month) => monthTitle({ period: QUARTER_SO_FAR, invoices: { months } }, month)),
    ).toEqual(['October 2026', 'November 2026 so far']);
    expect(months.map((month) => monthTitle({ period: QUARTER, invoices: { months } }, month))).toEqual([
      'October 2026',
      'November 2026',
    ]);
  });
});
