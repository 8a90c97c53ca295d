export { type ColumnKind, isFreeText } from './report-column';
export { createPaidInvoiceRows, createPaymentRows, unmatchedPaymentRows } from './report-tables';
export {
  createRowTableBuilder,
  type RowTable,
  type RowTableBuilder,
  type RowTableOptions,
  type TableColumn,
} from './row-table';
