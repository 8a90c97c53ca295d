export { PAID_INVOICE_COLUMNS } from './paid-invoice-columns';
export { PAYMENT_COLUMNS } from './payment-columns';
export { type ColumnKind, column, fiatColumn, isFreeText, type ReportColumn } from './report-column';
export { createPaidInvoiceRows, createPaymentRows } from './report-tables';
export {
  createRowTableBuilder,
  type RowTable,
  type RowTableBuilder,
  type RowTableOptions,
  type RowTableSpec,
  type TableColumn,
} from './row-table';
