import { describe, expect, it } from 'vitest';
import { headlineFigures } from '../../../../lib/render/page-kit';
import { sampleReport } from '../../../support/sample-report';

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
