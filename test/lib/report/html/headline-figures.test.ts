import { describe, expect, it } from 'vitest';
import { headlineFigures } from '../../../../lib/report/html';
import { sampleReport } from '../../../support/sample-report';

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
});
