import type { InvoiceItem, PaymentItem } from '../../invoicing';
import type { UnmatchedPaymentFacts } from '../unmatched';
import { PAID_INVOICE_COLUMNS } from './paid-invoice-columns';
import { PAYMENT_COLUMNS } from './payment-columns';
import {
  createRowTableBuilder,
  type RowTable,
  type RowTableBuilder,
  type RowTableOptions,
} from './row-table';
import { UNMATCHED_COLUMNS } from './unmatched-columns';

/**
 * The rows of `paid-invoices.csv` and the `Paid invoices` sheet: one per invoice added, sorted by
 * `createDatetime` then id, duplicates by id dropped. It keeps what it is given: the caller adds only the
 * period's paid invoices. A paid invoice without a `payment` or `wallet` block (the spec says it has
 * both) gets empty cells there.
 */
export function createPaidInvoiceRows(options?: RowTableOptions): RowTableBuilder<InvoiceItem> {
  return createRowTableBuilder(
    {
      columns: PAID_INVOICE_COLUMNS,
      id: (invoice) => invoice.id,
      timestamp: (invoice) => invoice.createDatetime,
    },
    options,
  );
}

/**
 * The rows of `payments.csv` and the `Payments` sheet: one per payment added, matched or not, sorted by
 * `transactionDatetime` then id, duplicates by id dropped. The invoice columns are empty and `matched` is
 * `false` for a payment without an `invoice` block. The caller adds only the period's payments.
 */
export function createPaymentRows(options?: RowTableOptions): RowTableBuilder<PaymentItem> {
  return createRowTableBuilder(
    {
      columns: PAYMENT_COLUMNS,
      id: (payment) => payment.id,
      timestamp: (payment) => payment.transactionDatetime,
    },
    options,
  );
}

/**
 * The rows of `unmatched-payments.csv` and the `Unmatched payments` sheet: one per unmatched payment of
 * the period with its estimate and candidates, by `transactionDatetime` then id.
 */
export function unmatchedPaymentRows(
  payments: readonly UnmatchedPaymentFacts[],
  options?: RowTableOptions,
): RowTable {
  const builder = createRowTableBuilder(
    {
      columns: UNMATCHED_COLUMNS,
      id: (payment) => payment.id,
      timestamp: (payment) => payment.transactionDatetime,
    },
    options,
  );
  for (const payment of payments) builder.add(payment);
  return builder.build();
}
