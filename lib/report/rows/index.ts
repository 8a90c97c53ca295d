export { PAID_INVOICE_COLUMNS } from './paid-invoice-columns';
export { PAYMENT_COLUMNS } from './payment-columns';
export { type ColumnKind, column, fiatColumn, isFreeText, type ReportColumn } from './report-column';
export { createPaidInvoiceRows, createPaymentRows, unmatchedPaymentRows } from './report-tables';
export {
  createRowTableBuilder,
  type RowTable,
  type RowTableBuilder,
  type RowTableOptions,
  type RowTableSpec,
  type TableColumn,
} from './row-table';
export { UNMATCHED_COLUMNS } from './unmatched-columns';
