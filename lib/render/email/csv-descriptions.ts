import type { ReportSummary } from '../../report';
import { formatCount } from '../../report';

/**
 * What the attached files hold, for the attachment line: `paid-invoices.csv (120 paid invoices)`,
 * `report.xlsx (the figures and both lists in one workbook)`.
 */
export function csvDescriptions(summary: ReportSummary) {
  const paid = summary.invoices.paid;
  const payments = summary.payments.total;
  return {
    workbook: 'the figures and both lists in one workbook',
    paidInvoices: `${formatCount(paid)} paid ${paid === 1 ? 'invoice' : 'invoices'}`,
    payments: `${formatCount(payments)} ${payments === 1 ? 'payment' : 'payments'}`,
  };
}
