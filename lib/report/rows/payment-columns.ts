import type { PaymentItem } from '../../invoicing';
import { ADDRESS_WIDTH, column, HASH_WIDTH, type ReportColumn } from './report-column';

/**
 * The columns of `payments.csv` and of the workbook's `Payments` sheet, in DESIGN.md's order: the
 * payment, its wallet, then the matched invoice (empty when `matched` is `false`).
 */
export const PAYMENT_COLUMNS: readonly ReportColumn<PaymentItem>[] = [
  column('payment_id', 'identifier', (payment) => payment.id),
  column('transaction_at', 'datetime', (payment) => payment.transactionDatetime),
  column('amount', 'crypto', (payment) => payment.amount),
  column('cryptocurrency', 'text', (payment) => payment.wallet.cryptocurrency, { width: 15 }),
  column('blockchain', 'text', (payment) => payment.wallet.blockchain),
  column('hash', 'text', (payment) => payment.hash, { width: HASH_WIDTH }),
  column('wallet_id', 'identifier', (payment) => payment.wallet.id),
  column('wallet_name', 'text', (payment) => payment.wallet.name),
  column('wallet_address', 'text', (payment) => payment.wallet.address, { width: ADDRESS_WIDTH }),
  column('matched', 'flag', (payment) => String(payment.invoice !== undefined)),
  column('invoice_id', 'identifier', (payment) => payment.invoice?.id),
  column('invoice_uid', 'text', (payment) => payment.invoice?.uid),
  column('project_id', 'identifier', (payment) => payment.invoice?.projectId),
  column('invoice_status', 'identifier', (payment) => payment.invoice?.status, { width: 14 }),
  column('invoice_amount_usd', 'usd', (payment) => payment.invoice?.amountFiatUSD),
];
