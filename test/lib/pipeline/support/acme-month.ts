import { TZDate } from '@date-fns/tz';
import type { InvoiceItem, PaymentItem } from '../../../../lib/invoicing/schemas';
import type { SandboxDataset } from '../../../../lib/sandbox';
import { asServiceJson, invoice, invoiceBlock, payment, USDT_WALLET } from '../../report/support/records';

/** The account's time zone: months begin at 22:00 or 23:00 UTC of the day before. */
export const ACME_TIMEZONE = 'Europe/Berlin';

/**
 * A month of the account "acme" in Europe/Berlin, small enough to add up by hand, the same for any month:
 *
 * - Invoices created in the month: 4; paid: 3 (19.99 + 80.02 + 0.50 = 100.51 USD, commission
 *   0.20 + 0.80 + 0.01 = 1.01 USD), the first in the month's first second and the last in its last
 *   second, Berlin time.
 * - The month before has one paid invoice of 40 USD in its last second; the month after one of
 *   1000 USD in its first.
 * - Payments in the month: 4, one of them unmatched (0.00000095 BTC); one more in the month after.
 */
export const MONTH_FIGURES = {
  invoices: 4,
  paidInvoices: 3,
  paidTotalUSD: '100.51',
  commissionTotalUSD: '1.01',
  payments: 4,
  unmatchedPayments: 1,
  // The month's matched BTC payments are days from the unmatched one: no estimate, so none is likely.
  unmatchedEstimatedUSD: '0.00',
  unmatchedWithLikelyInvoice: 0,
  reconciliationOk: true,
};

/** The subject's words for those figures. */
export const MONTH_SUBJECT_FIGURES = '100.51 USD from 3 paid invoices';

const SECOND = 1000;
const DAY = 86_400 * SECOND;

/** The service's `Y-m-d H:i:s` in UTC. */
function serviceTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}

/** Epoch milliseconds of the first instant of `YYYY-MM` (month 13 rolls over) in Berlin. */
function berlinMonthStart(year: number, month: number): number {
  return new TZDate(year, month - 1, 1, ACME_TIMEZONE).getTime();
}

/**
 * The records described above for `YYYY-MM`, for `startSandbox({ dataset })`. For October 2026 the
 * month is [2026-09-30 22:00:00, 2026-10-31 23:00:00) UTC (Berlin leaves summer time on 25 October).
 */
export function acmeMonthDataset(month: string): SandboxDataset {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const start = berlinMonthStart(year, monthNumber);
  const end = berlinMonthStart(year, monthNumber + 1);

  const first = invoice(serviceTime(start), {
    currencyFiat: 'EUR',
    amountFiat: '18.5',
    amountFiatUSD: '19.99',
    commissionFiatUSD: '0.2',
  });
  const middle = invoice(serviceTime(start + 19 * DAY + 12 * 3600 * SECOND), {
    amountFiat: '80.02',
    amountFiatUSD: '80.02',
    commissionFiatUSD: '0.8',
  });
  const last = invoice(serviceTime(end - SECOND), {
    amountFiat: '0.5',
    amountFiatUSD: '0.5',
    commissionFiatUSD: '0.01',
  });
  const unpaid = invoice(serviceTime(start + 9 * DAY), { status: 'unpaid', amountFiatUSD: '50' });
  const monthBefore = invoice(serviceTime(start - SECOND), { amountFiat: '40', amountFiatUSD: '40' });
  const monthAfter = invoice(serviceTime(end), { amountFiat: '1000', amountFiatUSD: '1000' });
  const invoices: InvoiceItem[] = [first, middle, last, unpaid, monthBefore, monthAfter];

  const payments: PaymentItem[] = [
    payment(serviceTime(start + 5 * 60 * SECOND), { amount: '0.0002', invoice: invoiceBlock(first) }),
    payment(serviceTime(start + 19 * DAY + 12 * 3600 * SECOND + 10 * 60 * SECOND), {
      amount: '80.02',
      wallet: USDT_WALLET,
      invoice: invoiceBlock(middle),
    }),
    payment(serviceTime(end - SECOND), { amount: '0.0001', invoice: invoiceBlock(last) }),
    payment(serviceTime(start + 14 * DAY), { amount: '0.00000095' }),
    payment(serviceTime(end), { amount: '0.5' }),
  ];
  return { invoices: invoices.map(asServiceJson), payments: payments.map(asServiceJson) };
}
