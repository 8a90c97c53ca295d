import Big from 'big.js';
import { PAYMENT_SEARCH_GRACE_SECONDS } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import { randomUuid, transactionHash } from './identifiers';
import { drawUSD, LIFETIMES, ordinaryInvoice, type PlannedInvoice, quote, settle } from './invoice-records';
import type { MonthRequest } from './month-generator';
import { cryptoDecimals, jsonNumber, receivedUSD } from './rates';
import type { InvoiceItemJson, PaymentItemJson, WalletJson } from './records';
import { SeededRandom } from './seeded-random';

/**
 * How an unmatched payment of the cases came about: `late`, the exact amount of an invoice in the grace
 * hour after its deadline; `underpaid` or `overpaid` before its deadline (a fee kept by the sender's
 * exchange, say); `stray`, for no invoice, while some invoice's search was active.
 */
export type UnmatchedCaseKind = 'late' | 'underpaid' | 'overpaid' | 'stray';

/** What a test knows about an unmatched payment and no client can. Never in an answer. */
export interface UnmatchedCase {
  paymentId: string;
  kind: UnmatchedCaseKind;
  /** The invoice it was meant for; `null` for a stray payment. */
  invoiceId: string | null;
  /** Its amount at the sandbox's rate of its moment, in USD, rounded to cents. */
  usd: string;
  transactionDatetime: string;
  cryptocurrency: string;
}

/** Payments of each kind but `stray` per month. */
export const CASES_PER_KIND = 8;
/** Stray payments per month, besides the month's ordinary unmatched payments (stray too). */
export const STRAY_CASES = 8;
/** How far off an under- or over-payment is: from 0.5 % to 10 % of the amount asked. */
const MISPAID_SHARE = { least: 0.005, most: 0.1 };
/**
 * How close a stray payment's USD value may come to an active invoice's: 6 %. One within a percent or
 * two of the only invoice then waiting could be nothing but that invoice's payment, to any reader.
 */
const STRAY_CLEARANCE = 0.06;

const CASES_STREAM = 0xca5e;
/** The stream that moves the month's ordinary unmatched payments clear of waiting invoices. */
export const STRAY_STREAM = 0x57a7;

/**
 * Unmatched payments whose truth is known, for the tests of the report's estimates and candidates:
 * `CASES_PER_KIND` each of late, under- and over-payments of invoices made for them (which stay not
 * paid), and `STRAY_CASES` payments for no invoice. From their own random stream, so the month's other
 * records are the same with or without them (but for the ordinary unmatched payments' amounts, moved
 * clear of waiting invoices). The first late case's invoice is made in the month's last half hour and
 * paid in the next month's first: its candidate comes from the period before.
 */
export function generateUnmatchedCases(
  request: MonthRequest & {
    start: number;
    end: number;
    /** The first serial free for the cases' invoices. */
    firstSerial: number;
    /** The month's invoices not paid, whose searches stray payments arrive in. */
    searchWindows: readonly PlannedInvoice[];
  },
): {
  invoices: [number, InvoiceItemJson][];
  payments: [number, PaymentItemJson][];
  cases: UnmatchedCase[];
} {
  const { month, start, end, nowSeconds, account } = request;
  const random = new SeededRandom(request.seed, month, CASES_STREAM);
  const result = {
    invoices: [] as [number, InvoiceItemJson][],
    payments: [] as [number, PaymentItemJson][],
    cases: [] as UnmatchedCase[],
  };
  const windows = [...request.searchWindows];
  const paymentOf = (wallet: WalletJson, amount: Big, at: number): PaymentItemJson => ({
    id: randomUuid(random),
    amount: jsonNumber(amount),
    hash: transactionHash(random, wallet.blockchain),
    transactionDatetime: serviceDatetimeFromEpochSeconds(at),
    wallet,
  });
  const record = (
    kind: UnmatchedCaseKind,
    invoiceId: string | null,
    payment: PaymentItemJson,
    amount: Big,
    at: number,
  ) => {
    if (at > nowSeconds) return;
    const { cryptocurrency } = payment.wallet;
    const usd = receivedUSD(amount, cryptocurrency, at).toFixed(2);
    result.payments.push([at, payment]);
    const { transactionDatetime } = payment;
    result.cases.push({ paymentId: payment.id, kind, invoiceId, usd, transactionDatetime, cryptocurrency });
  };

  let serial = request.firstSerial;
  for (const kind of ['late', 'underpaid', 'overpaid'] as const) {
    for (let index = 0; index < CASES_PER_KIND; index++) {
      const acrossMonths = kind === 'late' && index === 0;
      const lifetime = acrossMonths ? 30 * 60 : random.weighted(LIFETIMES);
      const created = acrossMonths ? end - lifetime : random.int(start, end - 3_600);
      const planned = ordinaryInvoice(
        random,
        account,
        { month, serial: serial++, created, lifetime },
        [1, 6],
      );
      windows.push(planned);
      const wallet = random.weighted(account.walletChoice);
      const asked = quote(planned.usdAtCreation, wallet.cryptocurrency, created);
      const share = MISPAID_SHARE.least + random.float() * (MISPAID_SHARE.most - MISPAID_SHARE.least);
      const amount =
        kind === 'late'
          ? asked
          : asked
              .times(kind === 'underpaid' ? 1 - share : 1 + share)
              .round(cryptoDecimals(wallet.cryptocurrency), Big.roundDown);
      const at =
        kind === 'late'
          ? planned.timeToPay + random.int(1, PAYMENT_SEARCH_GRACE_SECONDS - 1)
          : created + random.int(20, lifetime - 1);
      const payment = paymentOf(wallet, amount, at);
      if (created > nowSeconds) continue;
      const status = nowSeconds < planned.timeToPay ? 'unpaid' : 'expired';
      result.invoices.push([created, settle(planned, planned.usdAtCreation, status)]);
      record(kind, planned.invoice.id, payment, amount, at);
    }
  }

  for (let index = 0; index < STRAY_CASES; index++) {
    const window = random.pick(windows);
    const at = random.int(window.created, window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet = random.weighted(account.walletChoice);
    const usd = clearOfWaitingInvoices(drawUSD(random), at, windows, random);
    const amount = quote(new Big(usd.toFixed(2)), wallet.cryptocurrency, at);
    record('stray', null, paymentOf(wallet, amount, at), amount, at);
  }
  return result;
}

/**
 * `usd`, or another draw when it is within `STRAY_CLEARANCE` of an invoice whose search is active at
 * `at` (its amount at creation): the USD value of a stray payment.
 */
export function clearOfWaitingInvoices(
  usd: number,
  at: number,
  windows: readonly PlannedInvoice[],
  random: SeededRandom,
): number {
  const waiting = windows
    .filter((window) => window.created <= at && at <= window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS)
    .map((window) => window.usdAtCreation.toNumber());
  let value = usd;
  while (waiting.some((amount) => Math.abs(value - amount) <= amount * STRAY_CLEARANCE))
    value = drawUSD(random);
  return value;
}
