import type Big from 'big.js';
import type { Invoice, InvoiceItem, InvoiceStatus, PaymentItem, Wallet } from '../invoicing';
import type { PeriodKind } from '../period';
import type { ProjectNames } from './project-names';
import type { RowTable } from './rows';
import type { UnmatchedFigures, UnmatchedPaymentFacts } from './unmatched';

/**
 * What a report holds, for a month, a quarter or a year. `lib/report` builds it; the CSV, HTML, email and
 * JSON writers read it.
 *
 * Amounts are `Big` values, summed exactly and rounded once: USD to cents, a fiat currency to its
 * minor unit, crypto amounts never (they keep every digit). `summary.json` writes them as plain JSON
 * numbers (never exponent form).
 */

/** What was asked for. */
export interface ReportRequest {
  /** A month `YYYY-MM`, a quarter `YYYY-Qn` or a year `YYYY`. */
  period: string;
  /** IANA time zone the period is read in. @default 'UTC' */
  timezone: string;
  /** Restricts the report to one project. */
  projectId?: string;
  /** The configured account's name, when the report is for one (the CLI has none). */
  account?: string;
  /** Names of the account's projects, by id, for people (the CSV files keep the ids). @default {} */
  projectNames?: ProjectNames;
}

/** The period a report covers, as its summary records it. Instants are ISO 8601 in UTC. */
export interface ReportPeriod {
  kind: PeriodKind;
  /** `2026-10`, `2026-Q3` or `2026`. */
  id: string;
  /** `YYYY-MM`: month reports only, the member they have always had. */
  month?: string;
  timezone: string;
  /** First instant of the period in the time zone (`2026-09-30T22:00:00.000Z`). */
  start: string;
  /** First instant of the next period in the time zone (exclusive). */
  end: string;
  /** Whether the period had ended when the report was made. */
  complete: boolean;
  /**
   * The instant the figures run to (exclusive): `end` once the period is complete, otherwise when the
   * report was made. A period not ended is reported "so far", up to this instant.
   */
  asOf: string;
}

export interface ProjectFigures {
  projectId: string;
  paid: number;
  paidTotalUSD: Big;
  commissionTotalUSD: Big;
  /** `paidTotalUSD` minus `commissionTotalUSD`, from the exact sums, rounded once. */
  netReceivedUSD: Big;
}

export interface CurrencyFigures {
  currency: string;
  paid: number;
  /** Total of `amountFiat` of the paid invoices, in this currency, rounded to its minor unit. */
  amount: Big;
  paidTotalUSD: Big;
}

export interface DayFigures {
  /** `YYYY-MM-DD`, a day of the period in the report's time zone. */
  date: string;
  paid: number;
  paidTotalUSD: Big;
}

export interface MonthFigures {
  /** `YYYY-MM`, a month of the period in the report's time zone. */
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
  /** What the merchant keeps: the paid total minus the commission, from the exact sums, rounded once. */
  netReceivedUSD: Big;
  /** Paid invoices in USD that received less than invoiced (see `MispaidInvoice`). */
  underpaid: MispaidTotals;
  /** Paid invoices in USD that received more than invoiced. */
  overpaid: MispaidTotals;
  /** Paid USD per project id (the statistics endpoint's shape). */
  byProject: Record<string, Big>;
  /** Paid amount per fiat currency, in that currency (the statistics endpoint's shape). */
  byCurrency: Record<string, Big>;
  /**
   * Paid USD per day of the period in the report's time zone: every day of the period is present, up to
   * the day `asOf` falls in (the days not lived yet of a period not ended are not).
   */
  byDay: Record<string, Big>;
  /** Paid USD per month of the period (`YYYY-MM`), the same way: one for a month, three for a quarter, twelve for a year. */
  byMonth: Record<string, Big>;
  /** The same, with counts; sorted by paid USD, largest first, then id. */
  projects: ProjectFigures[];
  /** Sorted by currency code. */
  currencies: CurrencyFigures[];
  /** The days of `byDay`, in order. */
  days: DayFigures[];
  /** The months of `byMonth`, in order. */
  months: MonthFigures[];
}

/** Under- or over-paid invoices of a period, added up. */
export interface MispaidTotals {
  count: number;
  /**
   * The sum of their differences (received minus invoiced), exact, rounded once to cents: negative for
   * the under-paid, positive for the over-paid; 0 when there are none.
   */
  differenceUSD: Big;
}

/**
 * A paid invoice in USD (`currencyFiat` USD) whose received amount differs from the invoiced one:
 * `amountFiatUSD`, which the service overwrites at payment with the USD value actually received, against
 * `amountFiat`, which never changes. Only USD invoices are judged: for another currency the USD amount
 * moves with the exchange rate between invoicing and payment.
 */
export interface MispaidInvoice {
  invoice: Invoice;
  /** `amountFiatUSD - amountFiat`, exact: negative when under-paid, positive when over-paid. */
  differenceUSD: Big;
}

/**
 * The previous period of the same kind, for the comparison: the whole of it once the report's period is
 * complete, otherwise the same elapsed span of it (as many days and hours from its start as the
 * report's period has had, never past its own end).
 */
export interface PreviousPeriodFigures {
  kind: PeriodKind;
  /** `2026-09`, `2026-Q2` or `2025`. */
  id: string;
  /** First instant of the span compared, ISO 8601 in UTC: the previous period's first instant. */
  start: string;
  /** The instant the span compared runs to (exclusive). */
  end: string;
  /** `whole-period` when the report's period is complete, `same-elapsed-span` when it is reported so far. */
  comparison: 'whole-period' | 'same-elapsed-span';
  paid: number;
  paidTotalUSD: Big;
  change: {
    paid: number;
    paidTotalUSD: Big;
    /** Percentage change of the paid total, rounded to one decimal; null when the previous span's is 0. */
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

/** A payment that arrived at or after its invoice's `timeToPayDatetime`, inside the one-hour grace window. */
export interface LatePayment {
  payment: PaymentItem;
  invoice: Invoice;
  /** Whole seconds between `timeToPayDatetime` and `transactionDatetime` (0..3600). */
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
  /** What the statistics endpoint says for the reconciliation's window. */
  service: Big;
  /** What the invoices the list returns for the same window add up to. */
  computed: Big;
  /** `service - computed`. */
  difference: Big;
  /** `|difference| <= 0.01`. */
  ok: boolean;
  /**
   * A `day:` check only: where the service's day begins (ISO 8601), as its per-day figures state it;
   * `null` for a day they do not list (named from the listed days' cut).
   */
  dayStart?: string | null;
}

/** A check the reconciliation could not make exactly, and why (in words). */
export interface UncheckedCheck {
  /** A check's name, or a group of them: `day:2026-10-25`, `day:*`, `currency:*`. */
  name: string;
  reason: string;
}

/**
 * The unit the service totals `invoicesByCurrencies` in, which the spec does not say: `fiat` (each
 * currency's own amounts) or `usd`.
 */
export type CurrencyUnit = 'fiat' | 'usd';

/**
 * The statistics endpoint's figures compared with what the invoice list returns for the same question:
 * the same `startDate` and `endDate` (the window) sent to both, so that however the service reads them,
 * its reading is on both sides of every check.
 */
export interface Reconciliation {
  /** Every check made agrees (checks not made count neither way). */
  ok: boolean;
  /**
   * The dates sent to both endpoints: wider than the period, so that they hold it under any reading.
   * With a project, the list was asked for that project; the statistics take no project.
   */
  window: { startDate: string; endDate: string };
  /** The paid invoices the list returned for the window (the project's only, with one). */
  listed: { paid: number; paidTotalUSD: Big };
  checks: ReconciliationCheck[];
  /** Checks that could not be made exactly, with the reason: never guessed. */
  notChecked: UncheckedCheck[];
  /** The unit the `currency:` checks compare in; `null` when none was made (project filter). */
  currencyUnit: CurrencyUnit | null;
  /** What the statistics answered beyond the checks (information only). */
  statistics: {
    /** Invoices of any status in the window, as the service counts them. */
    invoicesTotalNum: number;
  };
}

export interface ReportSummary {
  account: string | null;
  period: ReportPeriod;
  projectId: string | null;
  /** The account's project names, by id (`{}` when none are configured). */
  projectNames: ProjectNames;
  invoices: InvoiceFigures;
  previousPeriod: PreviousPeriodFigures;
  /** The payments' figures, then what is estimated about the unmatched ones (labelled as estimates). */
  payments: PaymentFigures & UnmatchedFigures;
  reconciliation: Reconciliation;
  /** ISO 8601 instant. */
  generatedAt: string;
  /** Where the data came from; never the API key. */
  source: { apiUrl: string };
}

/** A whole report: the summary plus what the files are written from. */
export interface Report {
  summary: ReportSummary;
  /** The first 100 invoices created in the period with status `paid`, by `createDatetime` then `id`. */
  firstPaidInvoices: InvoiceItem[];
  /**
   * The first `LISTED_PAYMENTS_KEPT` payments in the period without an invoice, by `transactionDatetime`
   * then `id`: candidates for manual matching (`summary.payments.unmatched` counts them all).
   */
  unmatchedPayments: PaymentItem[];
  /**
   * Every unmatched payment of the period with its estimated USD value and candidate invoices, by
   * `transactionDatetime` then id: the rows of `unmatched-payments.csv` (the summary lists the first).
   */
  unmatched: UnmatchedPaymentFacts[];
  /** The first `LISTED_PAYMENTS_KEPT` late payments, in the same order (`summary.payments.late` counts them all). */
  latePayments: LatePayment[];
  /**
   * The under- and over-paid invoices of the period with the largest differences (at most
   * `MISPAID_INVOICES_LISTED`), largest first, then by `createDatetime` and id; counts and totals are in
   * `summary.invoices`.
   */
  mispaidInvoices: MispaidInvoice[];
  /**
   * Every invoice created in the period with status `paid`, by `createDatetime` then `id`: the rows of
   * `paid-invoices.csv` and of the workbook's `Paid invoices` sheet.
   */
  paidInvoiceRows: RowTable;
  /**
   * Every payment whose transaction falls in the period, by `transactionDatetime` then `id`: the rows of
   * `payments.csv` and of the workbook's `Payments` sheet.
   */
  paymentRows: RowTable;
}

/** How many paid invoices the HTML page lists; the CSV and the workbook have them all. */
export const FIRST_PAID_INVOICES_SHOWN = 100;

/**
 * How many unmatched and how many late payments a report keeps to list on its page, the first by time:
 * the page stays a page, and memory stays the same whatever the period holds; the files list them all.
 */
export const LISTED_PAYMENTS_KEPT = 100;

/** How many under- and over-paid invoices a report lists; paid-invoices.csv and the workbook have every paid invoice. */
export const MISPAID_INVOICES_LISTED = 50;
