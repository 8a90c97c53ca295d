import {
  CANDIDATES_SHOWN,
  estimateBasisWords,
  type InvoiceCandidate,
  noEstimateWords,
  type UnmatchedPaymentFacts,
} from '../unmatched';
import { column, HASH_WIDTH, type ReportColumn } from './report-column';

/** The columns of one of the candidates shown, `candidate_1_…` to `candidate_3_…`. */
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

/**
 * The columns of `unmatched-payments.csv` and of the workbook's `Unmatched payments` sheet: the payment,
 * its estimated USD value with the rate and the basis in words (why there is none, when there is none),
 * how many invoices were candidates, the likely one (if any), then the first `CANDIDATES_SHOWN`
 * candidates, closest first, each with its difference to the estimate (negative: the payment looks short).
 */
export const UNMATCHED_COLUMNS: readonly ReportColumn<UnmatchedPaymentFacts>[] = [
  column('payment_id', 'identifier', (payment) => payment.id),
  column('transaction_at', 'datetime', (payment) => payment.transactionDatetime),
  column('amount', 'crypto', (payment) => payment.amount),
  column('cryptocurrency', 'text', (payment) => payment.cryptocurrency, { width: 15 }),
  column('wallet_name', 'text', (payment) => payment.walletName),
  column('hash', 'text', (payment) => payment.hash, { width: HASH_WIDTH }),
  column('estimated_usd', 'usd', (payment) => payment.estimate?.usd.toFixed()),
  column('estimate_rate_usd', 'usd', (payment) => payment.estimate?.rate.toFixed(), { width: 18 }),
  column(
    'estimate_basis',
    'text',
    (payment) =>
      payment.estimate === null
        ? noEstimateWords(payment.cryptocurrency)
        : estimateBasisWords(payment.estimate, payment.cryptocurrency),
    { width: 40 },
  ),
  column('candidates', 'count', (payment) => String(payment.candidateCount), { width: 12 }),
  column('likely_invoice_id', 'identifier', (payment) => likely(payment)?.id),
  column('likely_invoice_uid', 'text', (payment) => likely(payment)?.uid),
  column('likely_service_data', 'longText', (payment) => likely(payment)?.serviceData),
  ...Array.from({ length: CANDIDATES_SHOWN }, (_, index) => candidateColumns(index + 1)).flat(),
];
