import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { axisTop, headlineFigures, heightFraction } from '../../../../lib/render/page-kit/figures';
import { sampleReport } from '../../../support/sample-report';

describe('axisTop', () => {
  it('rounds the largest value up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(axisTop(new Big('4793.2')).toFixed()).toBe('5000');
    expect(axisTop(new Big('2400')).toFixed()).toBe('2500');
    expect(axisTop(new Big('101')).toFixed()).toBe('200');
    expect(axisTop(new Big('0.03')).toFixed()).toBe('0.05');
    expect(axisTop(new Big('7')).toFixed()).toBe('10');
  });

  it('keeps a value that is already round', () => {
    expect(axisTop(new Big('100')).toFixed()).toBe('100');
    expect(axisTop(new Big('2500')).toFixed()).toBe('2500');
  });

  it('is zero when nothing was paid', () => {
    expect(axisTop(new Big(0)).toFixed()).toBe('0');
  });
});

describe('heightFraction', () => {
  it('is the share of the axis a value fills', () => {
    expect(heightFraction(new Big('2500'), new Big('5000'))).toBe(0.5);
    expect(heightFraction(new Big('4793.2'), new Big('5000'))).toBe(0.95864);
  });

  it('is zero for nothing and for an empty axis', () => {
    expect(heightFraction(new Big(0), new Big('5000'))).toBe(0);
    expect(heightFraction(new Big('3'), new Big(0))).toBe(0);
  });
});

// The sample's figures, their wording and tones are checked whole in the page's, the email's and the
// text's tests; this is the one wording the sample does not reach.
describe('headlineFigures', () => {
  it('says the paid count is unchanged rather than showing a bare 0', () => {
    const { summary } = sampleReport();
    const unchanged = {
      ...summary,
      previousPeriod: {
        ...summary.previousPeriod,
        paid: summary.invoices.paid,
        change: { ...summary.previousPeriod.change, paid: 0 },
      },
    };
    const paidInvoices = headlineFigures(unchanged).find((figure) => figure.label === 'Paid invoices');
    expect(paidInvoices?.details[0]?.text).toBe('as many as in September 2026');
  });
});
