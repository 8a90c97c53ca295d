import type { PaymentItem } from '../../invoicing';
import type { CsvTableBuilder } from '../model';
import { type CsvColumn, createCsvTableBuilder, plainColumn, textColumn } from './csv-table';

/** `payments.csv`'s columns, in DESIGN.md's order: the payment, its wallet, then the matched invoice. */
export const PAYMENT_COLUMNS: readonly CsvColumn<PaymentItem>[] = [
  plainColumn('payment_id', (payment) => payment.id),
  plainColumn('transaction_at', (payment) => payment.transactionDatetime),
  plainColumn('amount', (payment) => payment.amount),
  textColumn('cryptocurrency', (payment) => payment.wallet.cryptocurrency),
  textColumn('blockchain', (payment) => payment.wallet.blockchain),
  textColumn('hash', (payment) => payment.hash),
  plainColumn('wallet_id', (payment) => payment.wallet.id),
  textColumn('wallet_name', (payment) => payment.wallet.name),
  textColumn('wallet_address', (payment) => payment.wallet.address),
  plainColumn('matched', (payment) => String(payment.invoice !== undefined)),
  plainColumn('invoice_id', (payment) => payment.invoice?.id),
  textColumn('invoice_uid', (payment) => payment.invoice?.uid),
  plainColumn('project_id', (payment) => payment.invoice?.projectId),
  plainColumn('invoice_status', (payment) => payment.invoice?.status),
  plainColumn('invoice_amount_usd', (payment) => payment.invoice?.amountFiatUSD),
];

/**
 * The builder of `payments.csv`: one row per payment added, matched or not, sorted by
 * `transactionDatetime` then id, duplicates by id dropped. The invoice columns are empty and `matched`
 * is `false` for a payment without an `invoice` block. The caller adds only the period's payments.
 */
export function createPaymentsCsv(): CsvTableBuilder<PaymentItem> {
  return createCsvTableBuilder({
    columns: PAYMENT_COLUMNS,
    id: (payment) => payment.id,
    timestamp: (payment) => payment.transactionDatetime,
  });
}
