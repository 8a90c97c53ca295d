import type { InvoiceItem, PaymentItem } from '../../invoicing';
import {
  CANDIDATES_SHOWN,
  estimateBasisWords,
  type InvoiceCandidate,
  type UnmatchedPaymentFacts,
} from '../unmatched';
import { column, type ReportColumn } from './report-column';
import { createRowTableBuilder, type RowTableOptions } from './row-table';

/** Wide enough for a whole transaction hash: 64 hex digits, 66 with Ethereum's `0x`. */
const HASH_WIDTH = 68;
/** Wide enough for a typical wallet address: 34 (Bitcoin, Tron) to 42 characters (Ethereum, bech32). */
const ADDRESS_WIDTH = 44;

/** `paid-invoices.csv` and the `Paid invoices` sheet, in DESIGN.md's order. */
const PAID_INVOICE_COLUMNS: readonly ReportColumn<InvoiceItem>[] = [
  column('invoice_id', 'identifier', (invoice) => invoice.id),
  column('invoice_uid', 'text', (invoice) => invoice.uid),
  column('project_id', 'identifier', (invoice) => invoice.projectId),
  column('created_at', 'datetime', (invoice) => invoice.createDatetime),
  column('time_to_pay_at', 'datetime', (invoice) => invoice.timeToPayDatetime),
  column('status', 'identifier', (invoice) => invoice.status, { width: 10 }),
  column('amount_fiat', 'fiat', (invoice) => invoice.amountFiat, { currencyColumn: 'currency_fiat' }),
  column('currency_fiat', 'text', (invoice) => invoice.currencyFiat, { width: 14 }),
  column('amount_usd', 'usd', (invoice) => invoice.amountFiatUSD),
  column('commission_usd', 'usd', (invoice) => invoice.commissionFiatUSD),
  column('description', 'longText', (invoice) => invoice.description),
  column('service_data', 'longText', (invoice) => invoice.serviceData),
  column('views', 'count', (invoice) => String(invoice.views)),
  column('payment_id', 'identifier', (invoice) => invoice.payment?.id),
  column('payment_hash', 'text', (invoice) => invoice.payment?.hash, { width: HASH_WIDTH }),
  column('payment_amount', 'crypto', (invoice) => invoice.payment?.amount),
  column('paid_at', 'datetime', (invoice) => invoice.payment?.transactionDatetime),
  column('wallet_id', 'identifier', (invoice) => invoice.wallet?.id),
  column('wallet_name', 'text', (invoice) => invoice.wallet?.name),
  column('blockchain', 'text', (invoice) => invoice.wallet?.blockchain),
  column('cryptocurrency', 'text', (invoice) => invoice.wallet?.cryptocurrency, { width: 15 }),
  column('wallet_address', 'text', (invoice) => invoice.wallet?.address, { width: ADDRESS_WIDTH }),
];

/** `payments.csv` and the `Payments` sheet; the invoice columns are empty when `matched` is `false`. */
const PAYMENT_COLUMNS: readonly ReportColumn<PaymentItem>[] = [
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

/** `candidate_1_…` to `candidate_3_…`. */
function candidateColumns(rank: number): ReportColumn<UnmatchedPaymentFacts>[] {
  const prefix = `candidate_${rank}_`;
  const candidate = (payment: UnmatchedPaymentFacts): InvoiceCandidate | undefined =>
    payment.candidates[rank - 1];
  return [
    column(`${prefix}invoice_id`, 'identifier', (payment) => candidate(payment)?.id),
    column(`${prefix}invoice_uid`, 'text', (payment) => candidate(payment)?.uid),
    column(`${prefix}status`, 'identifier', (payment) => candidate(payment)?.status, { width: 14 }),
    column(`${prefix}amount_usd`, 'usd', (payment) => candidate(payment)?.amountUSD.toFixed()),
    column(`${prefix}difference_usd`, 'usd', (payment) => candidate(payment)?.differenceUSD?.toFixed()),
    column(`${prefix}difference_percent`, 'percent', (payment) =>
      candidate(payment)?.differencePercent?.toFixed(),
    ),
  ];
}

const likely = (payment: UnmatchedPaymentFacts): InvoiceCandidate | undefined =>
  payment.candidates.find((candidate) => candidate.likely);
const basisWords = (payment: UnmatchedPaymentFacts) =>
  estimateBasisWords(payment.estimate, payment.cryptocurrency);

/**
 * `unmatched-payments.csv` and the `Unmatched payments` sheet: the payment, its estimate with the rate and
 * basis (or why there is none), the candidates' count, the likely one, then the first candidates.
 */
const UNMATCHED_COLUMNS: readonly ReportColumn<UnmatchedPaymentFacts>[] = [
  column('payment_id', 'identifier', (payment) => payment.id),
  column('transaction_at', 'datetime', (payment) => payment.transactionDatetime),
  column('amount', 'crypto', (payment) => payment.amount),
  column('cryptocurrency', 'text', (payment) => payment.cryptocurrency, { width: 15 }),
  column('wallet_name', 'text', (payment) => payment.walletName),
  column('hash', 'text', (payment) => payment.hash, { width: HASH_WIDTH }),
  column('estimated_usd', 'usd', (payment) => payment.estimate?.usd.toFixed()),
  column('estimate_rate_usd', 'usd', (payment) => payment.estimate?.rate.toFixed(), { width: 18 }),
  column('estimate_basis', 'text', basisWords, { width: 40 }),
  column('candidates', 'count', (payment) => String(payment.candidateCount), { width: 12 }),
  column('likely_invoice_id', 'identifier', (payment) => likely(payment)?.id),
  column('likely_invoice_uid', 'text', (payment) => likely(payment)?.uid),
  column('likely_service_data', 'longText', (payment) => likely(payment)?.serviceData),
  ...Array.from({ length: CANDIDATES_SHOWN }, (_, index) => candidateColumns(index + 1)).flat(),
];

const byCreation = {
  id: (invoice: InvoiceItem) => invoice.id,
  timestamp: (invoice: InvoiceItem) => invoice.createDatetime,
};
const byTransaction = {
  id: (payment: { id: string }) => payment.id,
  timestamp: (payment: { transactionDatetime: string }) => payment.transactionDatetime,
};

/** Only the period's records are added; a paid invoice without `payment` or `wallet` has empty cells. */
export const createPaidInvoiceRows = (options?: RowTableOptions) =>
  createRowTableBuilder({ columns: PAID_INVOICE_COLUMNS, ...byCreation }, options);

export const createPaymentRows = (options?: RowTableOptions) =>
  createRowTableBuilder<PaymentItem>({ columns: PAYMENT_COLUMNS, ...byTransaction }, options);

export function unmatchedPaymentRows(payments: readonly UnmatchedPaymentFacts[], options?: RowTableOptions) {
  const builder = createRowTableBuilder<UnmatchedPaymentFacts>(
    { columns: UNMATCHED_COLUMNS, ...byTransaction },
    options,
  );
  for (const payment of payments) builder.add(payment);
  return builder.build();
}
