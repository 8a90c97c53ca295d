import type Big from 'big.js';
import type { DecimalString, InvoiceStatus } from '../../invoicing';

/**
 * The facts about the period's unmatched payments: what each is estimated to be worth and which
 * invoices it may have been meant for. Every USD figure here is an estimate and is named as one
 * wherever it is shown; none enters a total that is not labelled as estimated.
 */

/** How an estimate was made. */
export type EstimateBasis =
  | {
      /** From the matched payments of the same cryptocurrency nearest in time. */
      kind: 'matched-payments';
      /** How many matched payments the rate is taken from. */
      payments: number;
      /** The farthest of them from the unmatched payment, in whole seconds. */
      withinSeconds: number;
    }
  | {
      /**
       * A US dollar stablecoin with no matched payment of it within the bound: taken at 1 USD.
       * (With matched payments near, a stablecoin is estimated from them like any other.)
       */
      kind: 'stablecoin-par';
    };

/** An unmatched payment's estimated USD value. */
export interface UsdEstimate {
  /** The amount times the rate, rounded once to cents. */
  usd: Big;
  /** USD per unit of the cryptocurrency (the matched payments' USD total over their crypto total), to 8 decimals. */
  rate: Big;
  basis: EstimateBasis;
}

/** The statuses an invoice can have and still be a candidate: every one but `paid`. */
export type CandidateStatus = Exclude<InvoiceStatus, 'paid'>;

/** What the report keeps of a candidate invoice as the service sent it. */
export interface CandidateInvoiceFields {
  id: string;
  uid: string;
  projectId: string;
  createDatetime: string;
  timeToPayDatetime: string;
  status: CandidateStatus;
  /** The merchant's own reference, as the service sent it. */
  serviceData: string | null;
}

/** An invoice whose payment search was active when an unmatched payment arrived, and that nothing paid. */
export interface InvoiceCandidate extends CandidateInvoiceFields {
  /** The invoice's `amountFiatUSD` (its amount at creation, converted). */
  amountUSD: Big;
  /** Estimate minus `amountUSD`, in USD: negative when the payment looks short; `null` without an estimate. */
  differenceUSD: Big | null;
  /**
   * `differenceUSD` in percent of `amountUSD`, rounded once to one decimal; `null` without an estimate
   * or for an invoice of 0 USD.
   */
  differencePercent: Big | null;
  /** Whether this is the payment's likely invoice (see `likelyInvoiceId`). */
  likely: boolean;
  /** Other unmatched payments this invoice is within the tolerance of (their ids, in order). */
  alsoCloseTo: string[];
}

/** An unmatched payment of the period as the service sent it, with its estimate. */
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

/** One unmatched payment of the period with its estimate and candidates. */
export interface UnmatchedPaymentFacts extends EstimatedPaymentFields {
  /**
   * Up to `CANDIDATES_SHOWN` candidate invoices, closest first: by the size of the relative difference
   * to the estimate, then by time from creation to payment (by time alone without an estimate).
   */
  candidates: InvoiceCandidate[];
  /** Invoices whose search was active at the payment's time and that nothing paid, shown or not. */
  candidateCount: number;
  /**
   * The one candidate within `LIKELY_TOLERANCE_PERCENT` of the estimate, when there is exactly one, it
   * is not canceled, and no other unmatched payment is within the tolerance of it; otherwise `null`.
   */
  likelyInvoiceId: string | null;
}

/**
 * An unmatched payment as `summary.json` lists it: its identifiers, amount, estimate and candidates,
 * without the free text the service sent (the wallet's name and address, the candidates' `serviceData`),
 * which `summary.json` never holds (see docs/limits.md); the files and the page have it.
 */
export type UnmatchedPaymentSummary = Omit<
  UnmatchedPaymentFacts,
  'walletName' | 'walletAddress' | 'candidates'
> & {
  candidates: Omit<InvoiceCandidate, 'serviceData'>[];
};

/** What the summary's `payments` adds about unmatched payments. */
export interface UnmatchedFigures {
  /** The estimates of the unmatched payments added up (estimated, rounded once to cents). */
  unmatchedEstimatedUSD: Big;
  /** Unmatched payments with an estimate. */
  unmatchedEstimated: number;
  /** Unmatched payments with a likely invoice. */
  unmatchedWithLikelyInvoice: number;
  /** The first `UNMATCHED_PAYMENTS_LISTED` unmatched payments by `transactionDatetime`, then id. */
  unmatchedPayments: UnmatchedPaymentSummary[];
}
