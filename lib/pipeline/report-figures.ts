import type { ReportSummary } from '../report';

/**
 * A report's headline numbers: stored in its manifest (a listing can show them without opening
 * summary.json) and logged by the scheduled run. Money as decimal strings with two places, rounded once
 * from the exact sums.
 */
export type ReportFigures = {
  /** Invoices created in the period, any status. */
  invoices: number;
  paidInvoices: number;
  /** `"1234.50"`. */
  paidTotalUSD: string;
  commissionTotalUSD: string;
  /** Payments whose transaction falls in the period, matched or not. */
  payments: number;
  unmatchedPayments: number;
  /** The unmatched payments' estimates added up, `"1235.05"`: an estimate, named as one wherever shown. */
  unmatchedEstimatedUSD: string;
  /** Unmatched payments with a likely invoice. */
  unmatchedWithLikelyInvoice: number;
  /** Whether the statistics endpoint and the itemised lists agree. */
  reconciliationOk: boolean;
};

/** The headline numbers of a report's summary. */
export function reportFigures(summary: ReportSummary): ReportFigures {
  return {
    invoices: summary.invoices.total,
    paidInvoices: summary.invoices.paid,
    paidTotalUSD: summary.invoices.paidTotalUSD.toFixed(2),
    commissionTotalUSD: summary.invoices.commissionTotalUSD.toFixed(2),
    payments: summary.payments.total,
    unmatchedPayments: summary.payments.unmatched,
    unmatchedEstimatedUSD: summary.payments.unmatchedEstimatedUSD.toFixed(2),
    unmatchedWithLikelyInvoice: summary.payments.unmatchedWithLikelyInvoice,
    reconciliationOk: summary.reconciliation.ok,
  };
}
