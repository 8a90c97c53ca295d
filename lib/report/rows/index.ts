export { type ColumnKind, column, fiatColumn, isFreeText, type ReportColumn } from './report-column';
export {
  createPaidInvoiceRows,
  createPaymentRows,
  UNMATCHED_COLUMNS,
  unmatchedPaymentRows,
} from './report-tables';
export {
  createRowTableBuilder,
  type RowTable,
  type RowTableBuilder,
  type RowTableOptions,
  type TableColumn,
} from './row-table';
