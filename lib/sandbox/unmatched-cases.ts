import Big from 'big.js';
import { secondsInHour } from 'date-fns/constants';
import { PAYMENT_SEARCH_GRACE_SECONDS } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import type { SandboxAccount } from './account';
import { cryptoDecimals, jsonNumber } from './amounts';
import { CURRENCIES, drawAmountFiat, LIFETIMES, quote } from './generated-values';
import { randomUuid, transactionHash } from './identifiers';
import { newInvoice, type PlannedInvoice, settle } from './invoice-records';
import { receivedUSDAtSeconds } from './rates';
import type { InvoiceItemJson, PaymentItemJson, WalletJson } from './records';
import { ORDINARY_DESCRIPTIONS } from './sample-texts';
import { SeededRandom, WeightedChoice } from './seeded-random';
import type { MonthNumber } from './service-time';

/** How an unmatched payment of the cases came about. */
export type UnmatchedCaseKind =
  /** The exact amount of an invoice, in the hour of grace after its deadline. */
  | 'late'
  /** Less than the invoice asked, before its deadline (a fee kept by the sender's exchange, say). */
  | 'underpaid'
  /** More than the invoice asked, before its deadline. */
  | 'overpaid'
  /** A payment for no invoice, arriving while some invoice's search was active. */
  | 'stray';

/**
 * What a test knows about an unmatched payment and no client can: the invoice it was meant for and what
 * it was worth. Never in an answer.
 */
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
/**
 * Stray payments per month, besides the month's ordinary unmatched payments (stray too, and with the
 * cases their amounts are moved clear of waiting invoices the same way).
 */
export const STRAY_CASES = 8;
/** How far off an under- or over-payment is: from 0.5 % to 10 % of the amount asked. */
const MISPAID_SHARE = { least: 0.005, most: 0.1 };
/**
 * How close a stray payment's USD value may come to an active invoice's: 6 %. A stray payment within a
 * percent or two of the only invoice then waiting could be nothing but that invoice's payment, to any
 * reader; the cases keep clear of that, so that what a stray payment's truth is stays knowable.
 */
const STRAY_CLEARANCE = 0.06;

const CASES_STREAM = 0xca5e;
/** The stream that moves the month's ordinary unmatched payments clear of waiting invoices. */
export const STRAY_STREAM = 0x57a7;

export interface UnmatchedCasesRequest {
  seed: number;
  month: MonthNumber;
  start: number;
  end: number;
  nowSeconds: number;
  account: SandboxAccount;
  /** The first serial free for the cases' invoices. */
  firstSerial: number;
  /** The month's invoices not paid, whose searches stray payments arrive in. */
  searchWindows: readonly PlannedInvoice[];
}

export interface UnmatchedCases {
  invoices: [number, InvoiceItemJson][];
  payments: [number, PaymentItemJson][];
  cases: UnmatchedCase[];
}

/**
 * Unmatched payments whose truth is known, for the tests of the report's estimates and candidates:
 * `CASES_PER_KIND` each of late, under- and over-payments of invoices made for them (which stay not
 * paid), and `STRAY_CASES` payments for no invoice. From their own random stream, so the month's other
 * records are the same with or without them (but for the ordinary unmatched payments' amounts, see
 * `STRAY_CASES`). The first late case's invoice is made in the month's last
 * half hour and paid in the next month's first: its candidate comes from the period before.
 */
export function generateUnmatchedCases(request: UnmatchedCasesRequest): UnmatchedCases {
  const { seed, month, start, end, nowSeconds, account } = request;
  const random = new SeededRandom(seed, month, CASES_STREAM);
  const wallets = new WeightedChoice(
    account.wallets.map((wallet, index) => [wallet, account.walletWeights[index]!]),
  );
  const result: UnmatchedCases = { invoices: [], payments: [], cases: [] };
  const windows = [...request.searchWindows];

  const kinds: UnmatchedCaseKind[] = ['late', 'underpaid', 'overpaid'];
  let serial = request.firstSerial;
  for (const kind of kinds) {
    for (let index = 0; index < CASES_PER_KIND; index++) {
      const acrossMonths = kind === 'late' && index === 0;
      const lifetime = acrossMonths ? 30 * 60 : random.weighted(LIFETIMES);
      const created = acrossMonths ? end - lifetime : random.int(start, end - secondsInHour);
      const currency = random.weighted(CURRENCIES);
      const planned = newInvoice(
        {
          month,
          serial: serial++,
          projectId: random.pick(account.projectIds),
          created,
          lifetime,
          amountFiat: drawAmountFiat(random, currency, created),
          currency,
          description: random.pick(ORDINARY_DESCRIPTIONS),
          serviceData: `ORD-${random.int(100_000, 999_999)}`,
          views: random.int(1, 6),
        },
        random,
      );
      windows.push(planned);
      const wallet: WalletJson = random.weighted(wallets);
      const asked = quote(planned.usdAtCreation, wallet.cryptocurrency, created);
      const share = MISPAID_SHARE.least + random.float() * (MISPAID_SHARE.most - MISPAID_SHARE.least);
      const amount =
        kind === 'late'
          ? asked
          : roundDown(asked.times(kind === 'underpaid' ? 1 - share : 1 + share), wallet.cryptocurrency);
      const at =
        kind === 'late'
          ? planned.timeToPay + random.int(1, PAYMENT_SEARCH_GRACE_SECONDS - 1)
          : created + random.int(20, lifetime - 1);
      const payment = paymentJson(random, wallet, amount, at);
      if (created > nowSeconds) continue;
      const status = nowSeconds < planned.timeToPay ? 'unpaid' : 'expired';
      result.invoices.push([created, settle(planned, planned.usdAtCreation, status)]);
      if (at > nowSeconds) continue;
      result.payments.push([at, payment]);
      result.cases.push(caseOf(payment, kind, planned.invoice.id, wallet, amount, at));
    }
  }

  for (let index = 0; index < STRAY_CASES; index++) {
    const window = random.pick(windows);
    const at = random.int(window.created, window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet: WalletJson = random.weighted(wallets);
    const usd = clearOfWaitingInvoices(strayUSD(random), at, windows, random);
    const amount = quote(new Big(usd.toFixed(2)), wallet.cryptocurrency, at);
    const payment = paymentJson(random, wallet, amount, at);
    if (at > nowSeconds) continue;
    result.payments.push([at, payment]);
    result.cases.push(caseOf(payment, 'stray', null, wallet, amount, at));
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
    value = strayUSD(random);
  return value;
}

/** A USD value between 5 and 2,500, spread evenly on a log scale, as invoices' amounts are. */
const strayUSD = (random: SeededRandom): number => Math.exp(Math.log(5) + random.float() * Math.log(500));

function roundDown(amount: Big, cryptocurrency: string): Big {
  return amount.round(cryptoDecimals(cryptocurrency), Big.roundDown);
}

function paymentJson(random: SeededRandom, wallet: WalletJson, amount: Big, at: number): PaymentItemJson {
  return {
    id: randomUuid(random),
    amount: jsonNumber(amount),
    hash: transactionHash(random, wallet.blockchain),
    transactionDatetime: serviceDatetimeFromEpochSeconds(at),
    wallet,
  };
}

function caseOf(
  payment: PaymentItemJson,
  kind: UnmatchedCaseKind,
  invoiceId: string | null,
  wallet: WalletJson,
  amount: Big,
  at: number,
): UnmatchedCase {
  return {
    paymentId: payment.id,
    kind,
    invoiceId,
    usd: receivedUSDAtSeconds(amount, wallet.cryptocurrency, at).toFixed(2),
    transactionDatetime: payment.transactionDatetime,
    cryptocurrency: wallet.cryptocurrency,
  };
}
