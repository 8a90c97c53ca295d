import type Big from 'big.js';
import type { Invoice, InvoiceItem, InvoiceStatus, PaymentItem, Wallet } from '../invoicing';
import type { PeriodKind } from '../period';
import type { ProjectNames } from './project-names';
import type { RowTable } from './rows';
import type { UnmatchedFigures, UnmatchedPaymentFacts } from './unmatched';

/**
 * What a report holds, for a month, a quarter or a year; the renderings read it. Amounts are `Big`,
 * summed exactly and rounded once: USD to cents, fiat to its minor unit, crypto never.
 */

export interface ReportRequest {
  /** A month `YYYY-MM`, a quarter `YYYY-Qn` or a year `YYYY`. */
  period: string;
  /** IANA time zone the period is read in. @default 'UTC' */
  timezone: string;
  projectId?: string;
  /** The configured account's name (the CLI has none). */
  account?: string;
  /** Names of the account's projects, by id (the CSV files keep the ids). @default {} */
  projectNames?: ProjectNames;
}

/** Instants are ISO 8601 in UTC. */
export interface ReportPeriod {
  kind: PeriodKind;
  /** `2026-10`, `2026-Q3` or `2026`. */
  id: string;
  /** Month reports only, the member they have always had. */
  month?: string;
  timezone: string;
  start: string;
  /** The next period's first instant (exclusive). */
  end: string;
  complete: boolean;
  /** The instant the figures run to (exclusive): `end` once complete, otherwise when the report was made. */
  asOf: string;
}

export interface ProjectFigures {
  projectId: string;
  paid: number;
  paidTotalUSD: Big;
  commissionTotalUSD: Big;
  /** From the exact sums, rounded once. */
  netReceivedUSD: Big;
}

export interface CurrencyFigures {
  currency: string;
  paid: number;
  /** In this currency, rounded to its minor unit. */
  amount: Big;
  paidTotalUSD: Big;
}

export interface DayFigures {
  /** A day of the period in the report's time zone. */
  date: string;
  paid: number;
  paidTotalUSD: Big;
}

export interface MonthFigures {
  month: string;
  paid: number;
  paidTotalUSD: Big;
}

export interface InvoiceFigures {
  /** Invoices created in the period (up to `asOf`), any status. */
  total: number;
  paid: number;
  byStatus: Record<InvoiceStatus, number>;
  paidTotalUSD: Big;
  commissionTotalUSD: Big;
  /** The paid total minus the commission, from the exact sums, rounded once. */
  netReceivedUSD: Big;
  underpaid: MispaidTotals;
  overpaid: MispaidTotals;
  byProject: Record<string, Big>;
  /** In each currency (the statistics endpoint's shape). */
  byCurrency: Record<string, Big>;
  /** Every day of the period up to the day `asOf` falls in. */
  byDay: Record<string, Big>;
  byMonth: Record<string, Big>;
  /** Sorted by paid USD, largest first, then id. */
  projects: ProjectFigures[];
  /** Sorted by currency code. */
  currencies: CurrencyFigures[];
  days: DayFigures[];
  months: MonthFigures[];
}

export interface MispaidTotals {
  count: number;
  /** Received minus invoiced, summed exactly and rounded once: negative for the under-paid. */
  differenceUSD: Big;
}

/**
 * A paid USD invoice whose `amountFiatUSD` (overwritten at payment with what was received) differs from
 * `amountFiat`. Only USD invoices are judged: another currency's USD amount moves with the rate.
 */
export interface MispaidInvoice {
  invoice: Invoice;
  /** `amountFiatUSD - amountFiat`, exact. */
  differenceUSD: Big;
}

/**
 * The previous period of the same kind: all of it once the report's period is complete, otherwise the
 * same elapsed span of it.
 */
export interface PreviousPeriodFigures {
  kind: PeriodKind;
  id: string;
  start: string;
  /** The instant the span compared runs to (exclusive). */
  end: string;
  comparison: 'whole-period' | 'same-elapsed-span';
  paid: number;
  paidTotalUSD: Big;
  change: {
    paid: number;
    paidTotalUSD: Big;
    /** Rounded to one decimal; null when the previous span's total is 0. */
    paidTotalPercent: Big | null;
  };
}

export interface CryptocurrencyFigures {
  cryptocurrency: string;
  count: number;
  amount: Big;
}

export interface WalletFigures {
  wallet: Wallet;
  count: number;
  amount: Big;
}

/** A payment at or after its invoice's `timeToPayDatetime`, inside the one-hour grace window. */
export interface LatePayment {
  payment: PaymentItem;
  invoice: Invoice;
  /** 0..3600. */
  secondsLate: number;
}

export interface PaymentFigures {
  /** Why payments without an invoice are missing from a project's report, and how many. */
  projectFilterNote?: string;
  /** Payments whose transaction falls in the period, matched or not. */
  total: number;
  matched: number;
  unmatched: number;
  late: number;
  /** Every digit kept. */
  byCryptocurrency: Record<string, Big>;
  cryptocurrencies: CryptocurrencyFigures[];
  /** Sorted by wallet name, then id. */
  wallets: WalletFigures[];
}

export interface ReconciliationCheck {
  /** `paidCount`, `paidTotalUSD`, `project:<uuid>`, `currency:<code>`, `day:<YYYY-MM-DD>`. */
  name: string;
  /** What the statistics endpoint says for the window. */
  service: Big;
  /** What the listed invoices for the same window add up to. */
  computed: Big;
  difference: Big;
  /** `|difference| <= 0.01`. */
  ok: boolean;
  /** A `day:` check only: where the service's day begins; `null` for a day its figures do not list. */
  dayStart?: string | null;
}

export interface UncheckedCheck {
  /** A check's name, or a group: `day:*`, `currency:*`. */
  name: string;
  reason: string;
}

/** The unit the service totals `invoicesByCurrencies` in, which the spec does not say. */
export type CurrencyUnit = 'fiat' | 'usd';

/**
 * The statistics compared with the invoice list asked for the same `startDate` and `endDate` (the
 * window), so that the service's reading of them is on both sides of every check.
 */
export interface Reconciliation {
  /** Every check made agrees. */
  ok: boolean;
  /** Wider than the period, so that it holds it under any reading; the statistics take no project. */
  window: { startDate: string; endDate: string };
  /** The paid invoices the list returned for the window. */
  listed: { paid: number; paidTotalUSD: Big };
  checks: ReconciliationCheck[];
  /** Checks that could not be made exactly, with the reason: never guessed. */
  notChecked: UncheckedCheck[];
  /** `null` when no `currency:` check was made (project filter). */
  currencyUnit: CurrencyUnit | null;
  /** Information only. */
  statistics: { invoicesTotalNum: number };
}

export interface ReportSummary {
  account: string | null;
  period: ReportPeriod;
  projectId: string | null;
  projectNames: ProjectNames;
  invoices: InvoiceFigures;
  previousPeriod: PreviousPeriodFigures;
  /** Unmatched payments' figures are labelled as estimates. */
  payments: PaymentFigures & UnmatchedFigures;
  reconciliation: Reconciliation;
  generatedAt: string;
  /** Never the API key. */
  source: { apiUrl: string };
}

/** Lists are in time order (`createDatetime` or `transactionDatetime`), then by id. */
export interface Report {
  summary: ReportSummary;
  /** The first `FIRST_PAID_INVOICES_SHOWN` paid invoices. */
  firstPaidInvoices: InvoiceItem[];
  /** The first `LISTED_PAYMENTS_KEPT` payments without an invoice. */
  unmatchedPayments: PaymentItem[];
  /** Every unmatched payment with its estimate and candidates: `unmatched-payments.csv`'s rows. */
  unmatched: UnmatchedPaymentFacts[];
  /** The first `LISTED_PAYMENTS_KEPT` late payments. */
  latePayments: LatePayment[];
  /** At most `MISPAID_INVOICES_LISTED`, largest difference first, then by creation. */
  mispaidInvoices: MispaidInvoice[];
  /** `paid-invoices.csv` and the workbook's `Paid invoices` sheet. */
  paidInvoiceRows: RowTable;
  /** `payments.csv` and the workbook's `Payments` sheet. */
  paymentRows: RowTable;
}

/** How many paid invoices the page lists; the files have them all. */
export const FIRST_PAID_INVOICES_SHOWN = 100;

/** Unmatched and late payments kept for the page: memory stays flat whatever the period holds. */
export const LISTED_PAYMENTS_KEPT = 100;

export const MISPAID_INVOICES_LISTED = 50;
