import Big from 'big.js';
import { stringify } from 'lossless-json';
import type { Invoice, InvoiceStatus, PaymentItem } from '../invoicing';
import type { buildReport } from './build-report';
import type {
  InvoiceFiguresAccumulator,
  PaymentFiguresAccumulator,
  PreviousPeriodAccumulator,
} from './figures';
import type { ProjectNames } from './format';
import type { reconcile } from './reconcile';
import type { reportPeriod } from './report-period';

/** What a report holds, for a month, a quarter or a year; the renderings read it. Amounts: see money.ts. */

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

export type ReportPeriod = ReturnType<typeof reportPeriod>;
export type InvoiceFigures = ReturnType<InvoiceFiguresAccumulator['result']>;
export type ProjectFigures = InvoiceFigures['projects'][number];
export type CurrencyFigures = InvoiceFigures['currencies'][number];
export type MonthFigures = InvoiceFigures['months'][number];
export type MispaidTotals = InvoiceFigures['underpaid'];
export type PreviousPeriodFigures = ReturnType<PreviousPeriodAccumulator['result']>;
export type PaymentFigures = ReturnType<PaymentFiguresAccumulator['result']>['figures'];
export type CryptocurrencyFigures = PaymentFigures['cryptocurrencies'][number];
export type WalletFigures = PaymentFigures['wallets'][number];
export type Reconciliation = ReturnType<typeof reconcile>;
export type Report = Awaited<ReturnType<typeof buildReport>>;
export type ReportSummary = Report['summary'];

/**
 * A paid USD invoice whose `amountFiatUSD` (set at payment to what was received) differs from `amountFiat`;
 * only USD invoices are judged: another currency's USD amount moves with the rate.
 */
export type MispaidInvoice = { invoice: Invoice; differenceUSD: Big };

/** A payment at or after its invoice's `timeToPayDatetime`, inside the one-hour grace window. */
export type LatePayment = { payment: PaymentItem; invoice: Invoice; secondsLate: number };

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

/** A check not made: its name, or a group's (`day:*`, `currency:*`), and why. */
export type UncheckedCheck = { name: string; reason: string };

/** The unit the service totals `invoicesByCurrencies` in, which the spec does not say. */
export type CurrencyUnit = 'fiat' | 'usd';

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

/** `summary.json`: two-space indents, each `Big` a number with every digit (never `9.5e-7`), a newline. */
export const summaryToJson = (summary: ReportSummary): string =>
  `${stringify(summary, undefined, 2, BIG_AS_NUMBER)}\n`;
