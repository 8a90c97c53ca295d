import { millisecondsInDay } from 'date-fns/constants';
import { type DecimalString, type InvoiceItem, PAYMENT_SEARCH_GRACE_MS } from '../../invoicing';
import { parseServiceDatetime } from '../../period';
import type { CandidateInvoiceFields } from './model';

/**
 * How far before the period's first unmatched payment an invoice created before the period is looked
 * for, in days. Invoices are usually due within a day of being made (the sandbox's longest lifetime is a
 * day); a week covers the merchants who give longer, and only invoices not paid are fetched for it.
 */
export const CANDIDATE_LOOKBACK_DAYS = 7;
export const CANDIDATE_LOOKBACK_MS = CANDIDATE_LOOKBACK_DAYS * millisecondsInDay;

/**
 * What the report keeps of an invoice not paid: enough to say when its payment search was active and
 * to show it as a candidate, nothing more (its description, views and amounts in other currencies are
 * left for the garbage collector).
 */
export interface SearchWindow extends CandidateInvoiceFields {
  amountUSD: DecimalString;
  /** Epoch milliseconds of `createDatetime`: the search starts then. */
  createdMs: number;
  /**
   * The last instant the search may have been active, epoch milliseconds: an hour after
   * `timeToPayDatetime`, or no end (`Infinity`) for an invoice still `unpaid`, whose search the spec says
   * runs while it is unpaid. A `canceled` invoice's search ended when it was canceled, which the service
   * does not say: it is given the same window as an expired one, and is never called likely.
   */
  activeUntilMs: number;
}

/** The invoice's search window, or `undefined` for a paid invoice (its payment is matched). */
export function searchWindowOf(invoice: InvoiceItem): SearchWindow | undefined {
  if (invoice.status === 'paid') return undefined;
  return {
    id: invoice.id,
    uid: invoice.uid,
    projectId: invoice.projectId,
    createDatetime: invoice.createDatetime,
    timeToPayDatetime: invoice.timeToPayDatetime,
    status: invoice.status,
    amountUSD: invoice.amountFiatUSD,
    serviceData: invoice.serviceData,
    createdMs: parseServiceDatetime(invoice.createDatetime),
    activeUntilMs:
      invoice.status === 'unpaid'
        ? Number.POSITIVE_INFINITY
        : parseServiceDatetime(invoice.timeToPayDatetime) + PAYMENT_SEARCH_GRACE_MS,
  };
}

/** Whether the invoice's search was active at an instant (epoch milliseconds), both ends included. */
export const activeAt = (window: SearchWindow, atMs: number): boolean =>
  window.createdMs <= atMs && atMs <= window.activeUntilMs;
