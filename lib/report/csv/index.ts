export {
  type CsvColumn,
  type CsvTableSpec,
  createCsvTableBuilder,
  plainColumn,
  textColumn,
} from './csv-table';
export { neutraliseFormula } from './neutralise-formula';
export { createPaidInvoicesCsv, PAID_INVOICE_COLUMNS } from './paid-invoices-csv';
export { createPaymentsCsv, PAYMENT_COLUMNS } from './payments-csv';
