import type { InvoiceStatus } from '../invoicing';

/** The order the page's status table and the workbook list statuses in: the outcome that counts first. */
export const INVOICE_STATUS_ORDER = [
  ['paid', 'Paid'],
  ['unpaid', 'Unpaid'],
  ['expired', 'Expired'],
  ['canceled', 'Canceled'],
] as const satisfies readonly (readonly [InvoiceStatus, string])[];
