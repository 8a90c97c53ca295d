import { describe, expect, it } from 'vitest';
import { atMilestones, type FetchedRecords } from '../../../lib/pipeline/logger';

const progress = (invoices: number, payments: number, previousPeriodInvoices = 0) => ({
  invoices,
  payments,
  previousPeriodInvoices,
});

describe('atMilestones', () => {
  it('passes on progress only when the records of all lists reach another multiple', () => {
    const seen: FetchedRecords[] = [];
    const onProgress = atMilestones(1000, (reported) => seen.push(reported));
    onProgress(progress(500, 0));
    onProgress(progress(500, 400, 99));
    onProgress(progress(500, 500));
    onProgress(progress(1000, 500));
    onProgress(progress(1000, 1000, 500));
    expect(seen).toEqual([
      { invoices: 500, payments: 500, previousPeriodInvoices: 0, records: 1000 },
      { invoices: 1000, payments: 1000, previousPeriodInvoices: 500, records: 2500 },
    ]);
  });

  it('passes on one line when a jump crosses several multiples', () => {
    const seen: number[] = [];
    const onProgress = atMilestones(100, ({ records }) => seen.push(records));
    onProgress(progress(350, 0));
    onProgress(progress(350, 40));
    onProgress(progress(350, 50));
    expect(seen).toEqual([350, 400]);
  });

  it('refuses an interval that is not a positive whole number', () => {
    expect(() => atMilestones(0, () => {})).toThrow(RangeError);
    expect(() => atMilestones(2.5, () => {})).toThrow(RangeError);
  });
});
