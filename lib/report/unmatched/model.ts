import type Big from 'big.js';
import type { DecimalString, InvoiceStatus } from '../../invoicing';

/**
 * The facts about the period's unmatched payments: what each is estimated to be worth and which invoices
 * it may have been meant for. Every USD figure here is an estimate, named as one wherever it is shown.
 */

export type EstimateBasis =
  | {
      /** From the matched payments of the same cryptocurrency nearest in time. */
      kind: 'matched-payments';
      payments: number;
      /** The farthest of them from the unmatched payment, in whole seconds. */
      withinSeconds: number;
    }
  /** A US dollar stablecoin with no matched payment of it within the bound: taken at 1 USD. */
  | { kind: 'stablecoin-par' };

export interface UsdEstimate {
  /** The amount times the rate, rounded once to cents. */
  usd: Big;
  /** USD per unit (the matched payments' USD total over their crypto total), to 8 decimals. */
  rate: Big;
  basis: EstimateBasis;
}

/** What the report keeps of a candidate invoice as the service sent it. */
export interface CandidateInvoiceFields {
  id: string;
  uid: string;
  projectId: string;
  createDatetime: string;
  timeToPayDatetime: string;
  status: Exclude<InvoiceStatus, 'paid'>;
  serviceData: string | null;
}

/** An invoice whose payment search was active when an unmatched payment arrived, and that nothing paid. */
export interface InvoiceCandidate extends CandidateInvoiceFields {
  /** The invoice's `amountFiatUSD`. */
  amountUSD: Big;
  /** Estimate minus `amountUSD`: negative when the payment looks short; `null` without an estimate. */
  differenceUSD: Big | null;
  /** In percent of `amountUSD`, to one decimal; `null` without an estimate or for an invoice of 0 USD. */
  differencePercent: Big | null;
  likely: boolean;
  /** Other unmatched payments this invoice is within the tolerance of (their ids, in order). */
  alsoCloseTo: string[];
}

export interface EstimatedPaymentFields {
  id: string;
  transactionDatetime: string;
  amount: DecimalString;
  cryptocurrency: string;
  walletName: string;
  walletAddress: string;
  hash: string;
  /** `null` when no matched payment of its cryptocurrency is near enough (and it is no stablecoin). */
  estimate: UsdEstimate | null;
}

export interface UnmatchedPaymentFacts extends EstimatedPaymentFields {
  /** Up to `CANDIDATES_SHOWN`, closest first. */
  candidates: InvoiceCandidate[];
  /** Candidates in all, shown or not. */
  candidateCount: number;
  likelyInvoiceId: string | null;
}

/** As `summary.json` lists it: without the free text the service sent (the files and the page have it). */
export type UnmatchedPaymentSummary = Omit<
  UnmatchedPaymentFacts,
  'walletName' | 'walletAddress' | 'candidates'
> & {
  candidates: Omit<InvoiceCandidate, 'serviceData'>[];
};

/** What the summary's `payments` adds about unmatched payments. */
export interface UnmatchedFigures {
  /** The estimates added up (rounded once to cents). */
  unmatchedEstimatedUSD: Big;
  unmatchedEstimated: number;
  unmatchedWithLikelyInvoice: number;
  /** The first `UNMATCHED_PAYMENTS_LISTED` by `transactionDatetime`, then id. */
  unmatchedPayments: UnmatchedPaymentSummary[];
}
