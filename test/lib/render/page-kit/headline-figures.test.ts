import { describe, expect, it } from 'vitest';
import { headlineFigures } from '../../../../lib/render/page-kit';
import { sampleEmptyReport, sampleReport } from '../../../support/sample-report';

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

  it('gives a change in the paid count with its sign and the previous count', () => {
    const { summary } = sampleReport();
    const paidInvoices = headlineFigures(summary).find((figure) => figure.label === 'Paid invoices');
    expect(paidInvoices?.details[0]?.text).toBe('+16 vs September 2026 (104)');
  });

  it('puts the net received beside the paid total, saying what commission it is after', () => {
    const figures = headlineFigures(sampleReport().summary);
    // 71,898.00 − 718.80 = 71,179.20 USD; 718.80 is 1.0 % of 71,898.00.
    expect(figures.slice(0, 2).map(({ label, value }) => [label, value])).toEqual([
      ['Paid total', '71,898.00 USD'],
      ['Net received', '71,179.20 USD'],
    ]);
    expect(figures[1]!.details).toEqual([
      { text: 'after 718.80 USD commission (1.0 % of the paid total)', tone: 'plain' },
    ]);
  });

  it('explains the net received of a period without paid invoices in words', () => {
    const net = headlineFigures(sampleEmptyReport().summary)[1]!;
    expect([net.value, net.details[0]!.text]).toEqual([
      '0.00 USD',
      "the paid total less the service's commission",
    ]);
  });
});
