import type { InvoiceStatus } from '../invoicing';

/**
 * The invoice statuses in the order a report lists them, each with its name in words: the outcome that
 * counts first, then the one still open, then the two that ended unpaid: the page's status table's order,
 * which the workbook's Summary sheet follows.
 */
export const INVOICE_STATUS_ORDER = [
  ['paid', 'Paid'],
  ['unpaid', 'Unpaid'],
  ['expired', 'Expired'],
  ['canceled', 'Canceled'],
] as const satisfies readonly (readonly [InvoiceStatus, string])[];
