import Big from 'big.js';
import { PAYMENT_SEARCH_GRACE_SECONDS } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import type { SandboxAccount, WalletJson } from './account';
import { type MonthNumber, monthStartSeconds } from './date-reading';
import {
  AWKWARD_DESCRIPTIONS,
  drawUSD,
  type FieldChoices,
  type InvoiceJson,
  LIFETIMES,
  type PlannedInvoice,
  planInvoice,
  quote,
  settle,
} from './invoice-records';
import { cryptoDecimals, jsonNumber, receivedUSD } from './rates';
import { randomUuid, SeededRandom, transactionHash } from './seeded-random';

/** Records of a full month: not paid invoices 10 % of the paid (at least 4, every kind), unmatched 1 %. */
export function monthCounts(paidPerMonth: number): { paid: number; others: number; unmatched: number } {
  return {
    paid: paidPerMonth,
    others: Math.max(4, Math.ceil(paidPerMonth * 0.1)),
    unmatched: Math.max(2, Math.ceil(paidPerMonth * 0.01)),
  };
}

/**
 * What a test knows about an unmatched payment and no client can; never in an answer. `late`: the exact
 * amount of an invoice in the grace hour after its deadline; `underpaid`/`overpaid` before its deadline
 * (a fee kept by the sender's exchange, say); `stray`: for no invoice (`invoiceId` null), while some
 * invoice's search was active. `usd` is its amount at the rate of its moment, rounded to cents.
 */
export interface UnmatchedCase {
  paymentId: string;
  kind: 'late' | 'underpaid' | 'overpaid' | 'stray';
  invoiceId: string | null;
  usd: string;
  transactionDatetime: string;
  cryptocurrency: string;
}

export type GeneratedMonth = ReturnType<typeof generateMonth>;
/** The `payment` block of a paid invoice. */
type PaymentRecordJson = { id: string; amount: number; hash: string; transactionDatetime: string };
/** An item of `POST /invoices/list`: `payment` and `wallet` only when paid. */
export type InvoiceItemJson = InvoiceJson & { payment?: PaymentRecordJson; wallet?: WalletJson };
/** An item of `POST /payments/list`: `invoice` only when matched. */
export type PaymentItemJson = PaymentRecordJson & { invoice?: InvoiceJson; wallet: WalletJson };

/** With `unmatchedCases`: cases of each kind but `stray` per month, and stray ones besides the ordinary. */
export const CASES_PER_KIND = 8;
export const STRAY_CASES = 8;
/** How far off an under- or over-payment is: from 0.5 % to 10 % of the amount asked. */
const MISPAID_SHARE = { least: 0.005, most: 0.1 };
/**
 * How close a stray payment's USD value may come to an active invoice's: 6 %. One within a percent or
 * two of the only invoice then waiting could be nothing but that invoice's payment, to any reader.
 */
const STRAY_CLEARANCE = 0.06;
/** Share of paid invoices whose payment arrives in the grace hour after `timeToPayDatetime`. */
const LATE_SHARE = 0.03;
const CANCELED_SHARE = 0.35;
/** Every month's dust payments, in BTC. */
const DUST_AMOUNT = '0.00000095';
const EVERY_CURRENCY = ['USD', 'EUR', 'GBP', 'JPY', 'CAD'];
const DAY = 86_400;
const ORDINARY = { ordinary: true };
const RECENT_STREAM = 0x7ece;
const CASES_STREAM = 0xca5e;
/** Moves the month's ordinary unmatched payments clear of waiting invoices. */
const STRAY_STREAM = 0x57a7;

/**
 * A paid invoice's edge case: what it fixes instead of drawing. `delay`: seconds from creation to
 * payment; `lateBy`: after `timeToPayDatetime`; `received`: the crypto amount, a decimal.
 */
type PaidSpecial = FieldChoices & {
  created?: number;
  lifetime?: number;
  delay?: number;
  lateBy?: number;
  wallet?: WalletJson;
  received?: string;
};

/**
 * The month's first paid invoices are the edge cases a report must get right: creation at the first and
 * last second of the month's first and last days, payment after midnight into the next month, late
 * payments inside the grace hour, a dust amount, every currency, project, wallet and awkward text.
 */
function paidSpecial(index: number, start: number, end: number, account: SandboxAccount): PaidSpecial {
  if (index >= Math.max(AWKWARD_DESCRIPTIONS.length, 7)) return {};
  const special: PaidSpecial = {};
  if (index < EVERY_CURRENCY.length) special.currency = EVERY_CURRENCY[index];
  if (index < account.projectIds.length) special.projectId = account.projectIds[index];
  if (index < account.wallets.length) special.wallet = account.wallets[index];
  if (index < AWKWARD_DESCRIPTIONS.length) special.description = AWKWARD_DESCRIPTIONS[index];
  const fixed: PaidSpecial[] = [
    { created: start }, // the first second of the month
    { created: start + DAY - 1 }, // the last second of the month's first day
    { created: end - DAY }, // the first second of the month's last day
    { created: end - 1, lifetime: 30 * 60, delay: 253 }, // the last second, paid at 00:04:12 the next month
    // created 23:45:00 on the last day, due 00:15:00, paid late at 00:35:00 the next month
    { created: end - 15 * 60, lifetime: 30 * 60, lateBy: 20 * 60 },
    { lateBy: PAYMENT_SEARCH_GRACE_SECONDS - 1 }, // paid one second before the grace hour ends
    // a dust payment on the BTC wallet for a tiny invoice
    { currency: 'USD', amountFiat: new Big('0.06'), wallet: btcWallet(account), received: DUST_AMOUNT },
  ];
  return { ...special, ...fixed[index] };
}

const btcWallet = (account: SandboxAccount) => account.wallets.find((w) => w.cryptocurrency === 'BTC')!;

/**
 * One month of the account's records from the seed and the month alone: its invoices and the payments
 * found through them (some early next month), each newest first, then by id. Every draw is made whatever
 * `now` is, then what comes after `now` is left out, so a month reads the same once it is over.
 *
 * With `unmatchedCases`, also unmatched payments whose truth `cases` tells tests (never served): late,
 * under- and over-payments of invoices made for them, and payments for no invoice. From their own stream,
 * so the other records stay the same (but for the ordinary unmatched amounts, moved clear of waiting
 * invoices). The first late case crosses into the next month: its candidate is in the period before.
 */
export function generateMonth(request: {
  seed: number;
  month: MonthNumber;
  paidPerMonth: number;
  nowSeconds: number;
  account: SandboxAccount;
  unmatchedCases?: boolean;
}) {
  const { seed, month, nowSeconds, account, unmatchedCases = false } = request;
  const random = new SeededRandom(seed, month);
  const start = monthStartSeconds(month);
  const end = monthStartSeconds(month + 1);
  const counts = monthCounts(request.paidPerMonth);
  // Records are sorted by their numeric instants: comparing datetime strings made sorting a large
  // month slower than generating it.
  const invoices: [number, InvoiceItemJson][] = [];
  const payments: [number, PaymentItemJson][] = [];
  const cases: UnmatchedCase[] = [];
  const when = (serial: number, created: number, lifetime: number) => ({ month, serial, created, lifetime });
  /** A not paid invoice is unpaid until its deadline, then expired. */
  const addNotPaid = (planned: PlannedInvoice, canceled = false) => {
    const status = canceled ? 'canceled' : nowSeconds < planned.timeToPay ? 'unpaid' : 'expired';
    invoices.push([planned.created, settle(planned, planned.usdAtCreation, status)]);
  };
  const addUnmatched = (
    kind: UnmatchedCase['kind'],
    invoiceId: string | null,
    payment: PaymentItemJson,
    amount: Big,
    at: number,
  ) => {
    if (at > nowSeconds) return;
    payments.push([at, payment]);
    if (!unmatchedCases) return;
    const { cryptocurrency } = payment.wallet;
    const usd = receivedUSD(amount, cryptocurrency, at).toFixed(2);
    const { transactionDatetime } = payment;
    cases.push({ paymentId: payment.id, kind, invoiceId, usd, transactionDatetime, cryptocurrency });
  };

  for (let index = 0; index < counts.paid; index++) {
    const special = paidSpecial(index, start, end, account);
    const lifetime = special.lifetime ?? random.weighted(LIFETIMES);
    const created = special.created ?? random.int(start, end - 1);
    const late = special.lateBy !== undefined || random.chance(LATE_SHARE);
    const delay = special.delay ?? random.int(20, lifetime);
    const lateBy = special.lateBy ?? random.int(1, PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet = special.wallet ?? random.weighted(account.walletChoice);
    const planned = planInvoice(random, account, when(index, created, lifetime), [1, 25], special);
    const paidAt = late && special.delay === undefined ? planned.timeToPay + lateBy : created + delay;
    const quoted = special.received
      ? new Big(special.received)
      : quote(planned.usdAtCreation, wallet.cryptocurrency, created);
    const paymentId = randomUuid(random);
    const hash = transactionHash(random, wallet.blockchain);
    if (created > nowSeconds) continue;
    if (paidAt > nowSeconds) {
      addNotPaid(planned); // its payment is still to come (past its deadline, in the grace hour)
      continue;
    }
    const invoice = settle(planned, receivedUSD(quoted, wallet.cryptocurrency, paidAt), 'paid');
    const transactionDatetime = serviceDatetimeFromEpochSeconds(paidAt);
    const payment = { id: paymentId, amount: jsonNumber(quoted), hash, transactionDatetime };
    invoices.push([created, paidInvoiceItem(invoice, payment, wallet)]);
    payments.push([paidAt, paymentItem(payment, invoice, wallet)]);
  }

  // The month's invoices not paid, whose searches unmatched payments arrive in.
  const searchWindows: PlannedInvoice[] = [];
  for (let index = 0; index < counts.others; index++) {
    const lifetime = random.weighted(LIFETIMES);
    const created = random.int(start, end - 1);
    const canceled = index === 0 || (index > 1 && random.chance(CANCELED_SHARE));
    const planned = planInvoice(random, account, when(counts.paid + index, created, lifetime), [0, 24], {});
    if (!canceled) searchWindows.push(planned);
    if (created <= nowSeconds) addNotPaid(planned, canceled);
  }

  const strays = new SeededRandom(seed, month, STRAY_STREAM);
  for (let index = 0; index < counts.unmatched; index++) {
    // A transaction enters the system only while some invoice's search is active: each unmatched
    // payment arrives inside the window of an invoice that was never paid (a wrong amount, say).
    const window = random.pick(searchWindows);
    const arrived = random.int(window.created, window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet = index === 0 ? btcWallet(account) : random.weighted(account.walletChoice);
    let amount = new Big(DUST_AMOUNT);
    if (index > 0) {
      let usd = new Big(random.int(100, 30_000)).div(100);
      if (unmatchedCases) {
        usd = new Big(clearOfWaitingInvoices(usd.toNumber(), arrived, searchWindows, strays).toFixed(2));
      }
      amount = quote(usd, wallet.cryptocurrency, arrived);
    }
    addUnmatched('stray', null, unmatchedPayment(random, wallet, amount, arrived), amount, arrived);
  }

  if (unmatchedCases) {
    const draws = new SeededRandom(seed, month, CASES_STREAM);
    // Their serials come after the current month's two recent invoices.
    let serial = counts.paid + counts.others + 2;
    for (const kind of ['late', 'underpaid', 'overpaid'] as const) {
      for (let index = 0; index < CASES_PER_KIND; index++) {
        const acrossMonths = kind === 'late' && index === 0;
        const lifetime = acrossMonths ? 30 * 60 : draws.weighted(LIFETIMES);
        const created = acrossMonths ? end - lifetime : draws.int(start, end - 3_600);
        const planned = planInvoice(draws, account, when(serial++, created, lifetime), [1, 6], ORDINARY);
        searchWindows.push(planned);
        const wallet = draws.weighted(account.walletChoice);
        const asked = quote(planned.usdAtCreation, wallet.cryptocurrency, created);
        const share = MISPAID_SHARE.least + draws.float() * (MISPAID_SHARE.most - MISPAID_SHARE.least);
        const amount =
          kind === 'late'
            ? asked
            : asked
                .times(kind === 'underpaid' ? 1 - share : 1 + share)
                .round(cryptoDecimals(wallet.cryptocurrency), Big.roundDown);
        const at =
          kind === 'late'
            ? planned.timeToPay + draws.int(1, PAYMENT_SEARCH_GRACE_SECONDS - 1)
            : created + draws.int(20, lifetime - 1);
        const payment = unmatchedPayment(draws, wallet, amount, at);
        if (created > nowSeconds) continue;
        addNotPaid(planned);
        addUnmatched(kind, planned.invoice.id, payment, amount, at);
      }
    }
    for (let index = 0; index < STRAY_CASES; index++) {
      const window = draws.pick(searchWindows);
      const at = draws.int(window.created, window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS - 1);
      const wallet = draws.weighted(account.walletChoice);
      const usd = clearOfWaitingInvoices(drawUSD(draws), at, searchWindows, draws);
      const amount = quote(new Big(usd.toFixed(2)), wallet.cryptocurrency, at);
      addUnmatched('stray', null, unmatchedPayment(draws, wallet, amount, at), amount, at);
    }
  }

  if (start <= nowSeconds && nowSeconds < end) {
    // The current month always shows invoices still waiting for payment, whatever the volume.
    const recent = new SeededRandom(seed, month, RECENT_STREAM);
    for (const [offset, ago] of [1_200, 300].entries()) {
      const created = Math.max(start, nowSeconds - ago);
      const serial = counts.paid + counts.others + offset;
      addNotPaid(planInvoice(recent, account, when(serial, created, 3_600), [0, 3], ORDINARY));
    }
  }

  return {
    month,
    invoices: newestFirst(invoices),
    payments: newestFirst(payments),
    ...(unmatchedCases ? { cases } : {}),
  };
}

/**
 * `usd`, or another draw when it is within `STRAY_CLEARANCE` of an invoice whose search is active at
 * `at` (its amount at creation): the USD value of a stray payment.
 */
function clearOfWaitingInvoices(
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

/** Newest first by the instant each record comes with, then by id (see `record-order.ts`). */
function newestFirst<T extends { id: string }>(rows: [number, T][]): T[] {
  rows.sort(([aTime, a], [bTime, b]) => bTime - aTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map(([, record]) => record);
}

/**
 * The list items as literals, field by field: every record then shares one hidden class, where spreading
 * the invoice and the payment cost the sandbox about 1.5× the CPU a page (serialising and filtering).
 */
function paidInvoiceItem(invoice: InvoiceJson, payment: PaymentRecordJson, wallet: WalletJson) {
  return {
    id: invoice.id,
    uid: invoice.uid,
    projectId: invoice.projectId,
    createDatetime: invoice.createDatetime,
    timeToPayDatetime: invoice.timeToPayDatetime,
    commissionFiatUSD: invoice.commissionFiatUSD,
    amountFiatUSD: invoice.amountFiatUSD,
    amountFiat: invoice.amountFiat,
    currencyFiat: invoice.currencyFiat,
    description: invoice.description,
    serviceData: invoice.serviceData,
    views: invoice.views,
    status: invoice.status,
    payment,
    wallet,
  };
}

function paymentItem(payment: PaymentRecordJson, invoice: InvoiceJson, wallet: WalletJson): PaymentItemJson {
  const { id, amount, hash, transactionDatetime } = payment;
  return { id, amount, hash, transactionDatetime, invoice, wallet };
}

/** A payment matched to no invoice, its id and hash drawn in that order. */
function unmatchedPayment(random: SeededRandom, wallet: WalletJson, amount: Big, at: number) {
  return {
    id: randomUuid(random),
    amount: jsonNumber(amount),
    hash: transactionHash(random, wallet.blockchain),
    transactionDatetime: serviceDatetimeFromEpochSeconds(at),
    wallet,
  };
}
