import type { Readable } from 'node:stream';
import type Big from 'big.js';
import type { Invoice, InvoiceItem, InvoiceStatus, PaymentItem, Wallet } from '../invoicing';

/**
 * What a monthly report holds. `lib/report` builds it; the CSV, HTML, email and JSON writers read it.
 *
 * Amounts are `Big` values, summed exactly and rounded once: USD to cents, a fiat currency to its
 * minor unit, crypto amounts never (they keep every digit). `summary.json` writes them as plain JSON
 * numbers (never exponent form).
 */

/** What was asked for. */
export interface ReportRequest {
  /** `YYYY-MM`. */
  month: string;
  /** IANA time zone the month is read in. @default 'UTC' */
  timezone: string;
  /** Restricts the report to one project. */
  projectId?: string;
  /** The configured account's name, when the report is for one (the CLI has none). */
  account?: string;
}

export interface ReportPeriod {
  /** `YYYY-MM`. */
  month: string;
  timezone: string;
  /** First instant of the month in the time zone, ISO 8601 in UTC (`2026-09-30T22:00:00.000Z`). */
  start: string;
  /** First instant of the next month in the time zone (exclusive), ISO 8601 in UTC. */
  end: string;
}

export interface ProjectFigures {
  projectId: string;
  paid: number;
  paidTotalUSD: Big;
  commissionTotalUSD: Big;
}

export interface CurrencyFigures {
  currency: string;
  paid: number;
  /** Total of `amountFiat` of the paid invoices, in this currency, rounded to its minor unit. */
  amount: Big;
  paidTotalUSD: Big;
}

export interface DayFigures {
  /** `YYYY-MM-DD`, a day of the month in the report's time zone. */
  date: string;
  paid: number;
  paidTotalUSD: Big;
}

export interface InvoiceFigures {
  /** Invoices created in the month, any status. */
  total: number;
  paid: number;
  byStatus: Record<InvoiceStatus, number>;
  paidTotalUSD: Big;
  commissionTotalUSD: Big;
  /** Paid USD per project id (the statistics endpoint's shape). */
  byProject: Record<string, Big>;
  /** Paid amount per fiat currency, in that currency (the statistics endpoint's shape). */
  byCurrency: Record<string, Big>;
  /** Paid USD per day of the month in the report's time zone; every day of the month is present. */
  byDay: Record<string, Big>;
  /** The same, with counts; sorted by paid USD, largest first, then id. */
  projects: ProjectFigures[];
  /** Sorted by currency code. */
  currencies: CurrencyFigures[];
  /** Every day of the month, in order. */
  days: DayFigures[];
}

export interface PreviousMonthFigures {
  month: string;
  paid: number;
  paidTotalUSD: Big;
  change: {
    paid: number;
    paidTotalUSD: Big;
    /** Percentage change of the paid total, rounded to one decimal; null when the previous month is 0. */
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

/** A payment that arrived after its invoice's `timeToPayDatetime`, inside the one-hour grace window. */
export interface LatePayment {
  payment: PaymentItem;
  invoice: Invoice;
  /** Whole seconds between `timeToPayDatetime` and `transactionDatetime` (1..3600). */
  secondsLate: number;
}

export interface PaymentFigures {
  /** Why payments without an invoice are missing from a project's report, and how many. */
  projectFilterNote?: string;
  /** Payments whose transaction falls in the month, matched or not. */
  total: number;
  matched: number;
  unmatched: number;
  late: number;
  /** Amount per cryptocurrency (the key), every digit kept. */
  byCryptocurrency: Record<string, Big>;
  /** Sorted by cryptocurrency. */
  cryptocurrencies: CryptocurrencyFigures[];
  /** Sorted by wallet name, then id. */
  wallets: WalletFigures[];
}

export interface ReconciliationCheck {
  /** Stable name: `paidCount`, `paidTotalUSD`, `project:<uuid>`, `currency:<code>`, `day:<YYYY-MM-DD>`. */
  name: string;
  /** What the statistics endpoint says. */
  service: Big;
  /** What the itemised list adds up to over the same days. */
  computed: Big;
  /** `service - computed`. */
  difference: Big;
  /** `|difference| <= 0.01`. */
  ok: boolean;
}

/**
 * How much of a margin day (the UTC day either side of the month's days) the statistics evidently
 * cover, read from their own figure for that day:
 * - `whole-day`: every invoice of the day;
 * - `after-midnight`: all but those created at 00:00:00 (a `> 'date'` bound);
 * - `midnight-only`: only those created at 00:00:00 (a `<= 'date'` bound);
 * - `none`: the day is not in `invoicesByDate`.
 */
export type MarginCoverage = 'whole-day' | 'after-midnight' | 'midnight-only' | 'none';

/**
 * The unit the service totals `invoicesByCurrencies` in, which the spec does not say: `fiat` (each
 * currency's own amounts) or `usd`.
 */
export type CurrencyUnit = 'fiat' | 'usd';

export interface Reconciliation {
  ok: boolean;
  /** The UTC days the checks compare (`YYYY-MM-DD`), in order. */
  days: string[];
  checks: ReconciliationCheck[];
  /** The unit the `currency:` checks compare in; `null` when none was made (project filter). */
  currencyUnit: CurrencyUnit | null;
  /** The days either side of `days` and how much of each the computed side counts in. */
  marginDays: { date: string; coverage: MarginCoverage }[];
  /** What the statistics were asked for and answered beyond the checks (information only). */
  statistics: {
    startDate: string;
    endDate: string;
    /** Invoices of any status; no check, since unpaid invoices are not itemised by day. */
    invoicesTotalNum: number;
  };
}

export interface ReportSummary {
  account: string | null;
  period: ReportPeriod;
  projectId: string | null;
  invoices: InvoiceFigures;
  previousMonth: PreviousMonthFigures;
  payments: PaymentFigures;
  reconciliation: Reconciliation;
  /** ISO 8601 instant. */
  generatedAt: string;
  /** Where the data came from; never the API key. */
  source: { apiUrl: string };
}

/**
 * A CSV file's rows, kept compactly while the report is collected and written out in order.
 * Built by `lib/report/csv`: `add` each record as it arrives (any order), then `build` once.
 */
export interface CsvTableBuilder<T> {
  add(record: T): void;
  build(): CsvTable;
}

export interface CsvTable {
  readonly rowCount: number;
  /** A fresh stream of the whole file (BOM, header, rows in order) each time it is called. */
  stream(): Readable;
}

/** A whole report: the summary plus what the files are written from. */
export interface Report {
  summary: ReportSummary;
  /** The first 100 invoices created in the month with status `paid`, by `createDatetime` then `id`. */
  firstPaidInvoices: InvoiceItem[];
  /** Payments in the month without an invoice, by `transactionDatetime` then `id`: candidates for manual matching. */
  unmatchedPayments: PaymentItem[];
  /** In the same order. */
  latePayments: LatePayment[];
  /** `paid-invoices.csv`: every invoice created in the month with status `paid`, by `createDatetime` then `id`. */
  paidInvoicesCsv: CsvTable;
  /** `payments.csv`: every payment whose transaction falls in the month, by `transactionDatetime` then `id`. */
  paymentsCsv: CsvTable;
}

/** How many paid invoices the HTML page lists; the CSV has them all. */
export const FIRST_PAID_INVOICES_SHOWN = 100;
