import type { InvoiceItem } from '../../invoicing';
import type { CsvTableBuilder } from '../model';
import { type CsvColumn, createCsvTableBuilder, plainColumn, textColumn } from './csv-table';

/** `paid-invoices.csv`'s columns, in DESIGN.md's order: the invoice, its `payment` block, its `wallet` block. */
export const PAID_INVOICE_COLUMNS: readonly CsvColumn<InvoiceItem>[] = [
  plainColumn('invoice_id', (invoice) => invoice.id),
  textColumn('invoice_uid', (invoice) => invoice.uid),
  plainColumn('project_id', (invoice) => invoice.projectId),
  plainColumn('created_at', (invoice) => invoice.createDatetime),
  plainColumn('time_to_pay_at', (invoice) => invoice.timeToPayDatetime),
  plainColumn('status', (invoice) => invoice.status),
  plainColumn('amount_fiat', (invoice) => invoice.amountFiat),
  textColumn('currency_fiat', (invoice) => invoice.currencyFiat),
  plainColumn('amount_usd', (invoice) => invoice.amountFiatUSD),
  plainColumn('commission_usd', (invoice) => invoice.commissionFiatUSD),
  textColumn('description', (invoice) => invoice.description),
  textColumn('service_data', (invoice) => invoice.serviceData),
  plainColumn('views', (invoice) => String(invoice.views)),
  plainColumn('payment_id', (invoice) => invoice.payment?.id),
  textColumn('payment_hash', (invoice) => invoice.payment?.hash),
  plainColumn('payment_amount', (invoice) => invoice.payment?.amount),
  plainColumn('paid_at', (invoice) => invoice.payment?.transactionDatetime),
  plainColumn('wallet_id', (invoice) => invoice.wallet?.id),
  textColumn('wallet_name', (invoice) => invoice.wallet?.name),
  textColumn('blockchain', (invoice) => invoice.wallet?.blockchain),
  textColumn('cryptocurrency', (invoice) => invoice.wallet?.cryptocurrency),
  textColumn('wallet_address', (invoice) => invoice.wallet?.address),
];

/**
 * The builder of `paid-invoices.csv`: one row per invoice added, sorted by `createDatetime` then id,
 * duplicates by id dropped. It writes what it is given: the caller adds only the period's paid invoices.
 * A paid invoice without a `payment` or `wallet` block (the spec says it has both) gets empty cells there.
 */
export function createPaidInvoicesCsv(): CsvTableBuilder<InvoiceItem> {
  return createCsvTableBuilder({
    columns: PAID_INVOICE_COLUMNS,
    id: (invoice) => invoice.id,
    timestamp: (invoice) => invoice.createDatetime,
  });
}
