import Big from 'big.js';
import { stringify } from 'lossless-json';
import type { Invoice, InvoiceItem, InvoiceStatus, PaymentItem, Wallet } from '../invoicing';
import type { PeriodKind } from '../period';
import type { ProjectNames } from './format';
import type { RowTable } from './rows';
import type { UnmatchedFigures, UnmatchedPaymentFacts } from './unmatched';

/**
 * What a report holds, for a month, a quarter or a year; the renderings read it. Amounts are `Big`,
 * summed exactly and rounded once: USD to cents, fiat to its minor unit, crypto never.
 */

export interface ReportRequest {
  /** `YYYY-MM`, `YYYY-Qn` or `YYYY`. */
  period: string;
  /** IANA time zone the period is read in. @default 'UTC' */
  timezone: string;
  projectId?: string;
  account?: string;
  /** Names of the account's projects, by id (the CSV files keep the ids). @default {} */
  projectNames?: ProjectNames;
}

export interface ReportPeriod {
  kind: PeriodKind;
  id: string;
  month?: string;
  timezone: string;
  start: string;
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
  netReceivedUSD: Big;
}

export interface CurrencyFigures {
  currency: string;
  paid: number;
  amount: Big;
  paidTotalUSD: Big;
}

export interface DayFigures {
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
  total: number;
  paid: number;
  byStatus: Record<InvoiceStatus, number>;
  paidTotalUSD: Big;
  commissionTotalUSD: Big;
  netReceivedUSD: Big;
  underpaid: MispaidTotals;
  overpaid: MispaidTotals;
  byProject: Record<string, Big>;
  byCurrency: Record<string, Big>;
  /** Every day of the period up to the day `asOf` falls in. */
  byDay: Record<string, Big>;
  byMonth: Record<string, Big>;
  /** Sorted by paid USD, largest first, then id. */
  projects: ProjectFigures[];
  currencies: CurrencyFigures[];
  days: DayFigures[];
  months: MonthFigures[];
}

export interface MispaidTotals {
  count: number;
  /** Received minus invoiced: negative for the under-paid. */
  differenceUSD: Big;
}

/**
 * A paid USD invoice whose `amountFiatUSD` (overwritten at payment with what was received) differs from
 * `amountFiat`. Only USD invoices are judged: another currency's USD amount moves with the rate.
 */
export interface MispaidInvoice {
  invoice: Invoice;
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
  end: string;
  comparison: 'whole-period' | 'same-elapsed-span';
  paid: number;
  paidTotalUSD: Big;
  change: {
    paid: number;
    paidTotalUSD: Big;
    /** Null when the previous span's total is 0. */
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
  secondsLate: number;
}

export interface PaymentFigures {
  /** Why payments without an invoice are missing from a project's report, and how many. */
  projectFilterNote?: string;
  total: number;
  matched: number;
  unmatched: number;
  late: number;
  byCryptocurrency: Record<string, Big>;
  cryptocurrencies: CryptocurrencyFigures[];
  /** Sorted by wallet name, then id. */
  wallets: WalletFigures[];
}

export interface ReconciliationCheck {
  /** `paidCount`, `paidTotalUSD`, `project:<uuid>`, `currency:<code>`, `day:<YYYY-MM-DD>`. */
  name: string;
  service: Big;
  computed: Big;
  difference: Big;
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
  ok: boolean;
  /** Wider than the period, so that it holds it under any reading; the statistics take no project. */
  window: { startDate: string; endDate: string };
  listed: { paid: number; paidTotalUSD: Big };
  checks: ReconciliationCheck[];
  /** Checks that could not be made exactly, with the reason: never guessed. */
  notChecked: UncheckedCheck[];
  /** `null` when no `currency:` check was made (project filter). */
  currencyUnit: CurrencyUnit | null;
  statistics: { invoicesTotalNum: number };
}

export interface ReportSummary {
  account: string | null;
  period: ReportPeriod;
  projectId: string | null;
  projectNames: ProjectNames;
  invoices: InvoiceFigures;
  previousPeriod: PreviousPeriodFigures;
  payments: PaymentFigures & UnmatchedFigures;
  reconciliation: Reconciliation;
  generatedAt: string;
  /** Never the API key. */
  source: { apiUrl: string };
}

/** Lists are in time order (`createDatetime` or `transactionDatetime`), then by id. */
export interface Report {
  summary: ReportSummary;
  firstPaidInvoices: InvoiceItem[];
  unmatchedPayments: PaymentItem[];
  /** Every unmatched payment with its estimate and candidates: `unmatched-payments.csv`'s rows. */
  unmatched: UnmatchedPaymentFacts[];
  latePayments: LatePayment[];
  /** Largest difference first. */
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

/** The order the page's status table and the workbook list statuses in: the outcome that counts first. */
export const INVOICE_STATUS_ORDER = [
  ['paid', 'Paid'],
  ['unpaid', 'Unpaid'],
  ['expired', 'Expired'],
  ['canceled', 'Canceled'],
] as const satisfies readonly (readonly [InvoiceStatus, string])[];

/** lossless-json writes a `Big` as a number token with every digit; Node 20 has no `JSON.rawJSON`. */
const BIG_AS_NUMBER = [
  { test: (value: unknown) => value instanceof Big, stringify: (value: unknown) => (value as Big).toFixed() },
];

/**
 * `summary.json`: the summary pretty-printed with two spaces, every `Big` a plain JSON number with every
 * digit (`0.00000095`, never `9.5e-7`), ending in a newline.
 */
export function summaryToJson(summary: ReportSummary): string {
  return `${stringify(summary, undefined, 2, BIG_AS_NUMBER)}\n`;
}
