import { formatCount } from '../format';
import type { ReportSummary } from '../model';

/** What the CSV files hold, for the attachment line: `paid-invoices.csv (120 paid invoices)`. */
export function csvDescriptions(summary: ReportSummary) {
  const paid = summary.invoices.paid;
  const payments = summary.payments.total;
  return {
    paidInvoices: `${formatCount(paid)} paid ${paid === 1 ? 'invoice' : 'invoices'}`,
    payments: `${formatCount(payments)} ${payments === 1 ? 'payment' : 'payments'}`,
  };
}
