import Big from 'big.js';
import { type InvoiceStatus, PAYMENT_SEARCH_GRACE_SECONDS } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import type { SandboxAccount } from './account';
import { randomUuid, transactionHash } from './identifiers';
import {
  CURRENCIES,
  drawAmountFiat,
  drawDescription,
  LIFETIMES,
  newInvoice,
  ordinaryInvoice,
  type PlannedInvoice,
  quote,
  settle,
} from './invoice-records';
import { DUST_AMOUNT, type FieldChoices, paidSpecial, walletFor } from './month-edge-cases';
import { jsonNumber, receivedUSD } from './rates';
import type { InvoiceItemJson, InvoiceJson, PaymentItemJson, PaymentRecordJson, WalletJson } from './records';
import { AWKWARD_SERVICE_DATA } from './sample-texts';
import { SeededRandom } from './seeded-random';
import { type MonthNumber, monthStartSeconds } from './service-time';
import {
  clearOfWaitingInvoices,
  generateUnmatchedCases,
  STRAY_STREAM,
  type UnmatchedCase,
} from './unmatched-cases';

/**
 * How many records a full month holds, before `now` cuts the current month short: invoices in the
 * other statuses are 10 % of the paid (at least 4, so a small month shows every kind), unmatched
 * payments 1 % (at least 2).
 */
export function monthCounts(paidPerMonth: number): { paid: number; others: number; unmatched: number } {
  return {
    paid: paidPerMonth,
    others: Math.max(4, Math.ceil(paidPerMonth * 0.1)),
    unmatched: Math.max(2, Math.ceil(paidPerMonth * 0.01)),
  };
}

export interface MonthRequest {
  seed: number;
  month: MonthNumber;
  paidPerMonth: number;
  /** The present, in epoch seconds: nothing happens after it. */
  nowSeconds: number;
  account: SandboxAccount;
  /** @default false */
  unmatchedCases?: boolean;
}

export interface GeneratedMonth {
  month: MonthNumber;
  /** Invoices created in the month, newest first, then by id. */
  invoices: InvoiceItemJson[];
  /** Payments found through the month's invoices, newest first, then by id (some early next month). */
  payments: PaymentItemJson[];
  /** With `unmatchedCases`: the truth about each unmatched payment, for tests; never served. */
  cases?: UnmatchedCase[];
}

const RECENT_STREAM = 0x7ece;
/** Share of paid invoices whose payment arrives in the grace hour after `timeToPayDatetime`. */
const LATE_SHARE = 0.03;
const CANCELED_SHARE = 0.35;

/**
 * One month of the account's records, from the seed and the month alone: every random draw is made
 * whatever `now` is, then records after `now` are left out (or not yet paid), so a month reads the same
 * once it is over.
 */
export function generateMonth(request: MonthRequest): GeneratedMonth {
  const { seed, month, nowSeconds, account } = request;
  const random = new SeededRandom(seed, month);
  const start = monthStartSeconds(month);
  const end = monthStartSeconds(month + 1);
  const counts = monthCounts(request.paidPerMonth);
  // Records are sorted by their numeric instants: comparing datetime strings made sorting a large
  // month slower than generating it.
  const invoices: [number, InvoiceItemJson][] = [];
  const payments: [number, PaymentItemJson][] = [];

  const plan = (
    serial: number,
    created: number,
    lifetime: number,
    minViews: number,
    choices: FieldChoices,
  ) => {
    const currency = choices.currency ?? random.weighted(CURRENCIES);
    const projectId = choices.projectId ?? random.weighted(account.projectChoice);
    const amountFiat = choices.amountFiat ?? drawAmountFiat(random, currency, created);
    const description = choices.description !== undefined ? choices.description : drawDescription(random);
    const serviceData = random.chance(0.1)
      ? random.pick(AWKWARD_SERVICE_DATA)
      : `ORD-${random.int(100_000, 999_999)}`;
    const views = random.int(minViews, minViews + 24);
    return newInvoice(
      { month, serial, projectId, created, lifetime, amountFiat, currency, description, serviceData, views },
      random,
    );
  };

  for (let index = 0; index < counts.paid; index++) {
    const special = paidSpecial(index, start, end, account);
    const lifetime = special.lifetime ?? random.weighted(LIFETIMES);
    const created = special.created ?? random.int(start, end - 1);
    const late = special.lateBy !== undefined || random.chance(LATE_SHARE);
    const delay = special.delay ?? random.int(20, lifetime);
    const lateBy = special.lateBy ?? random.int(1, PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet = special.wallet ?? random.weighted(account.walletChoice);
    const planned = plan(index, created, lifetime, 1, special);
    const paidAt = late && special.delay === undefined ? planned.timeToPay + lateBy : created + delay;
    const quoted = special.received
      ? new Big(special.received)
      : quote(planned.usdAtCreation, wallet.cryptocurrency, created);
    const paymentId = randomUuid(random);
    const hash = transactionHash(random, wallet.blockchain);
    if (created > nowSeconds) continue;
    if (paidAt > nowSeconds) {
      // Its payment is still to come: past its deadline it reads as expired while the grace hour runs.
      const status = nowSeconds < planned.timeToPay ? 'unpaid' : 'expired';
      invoices.push([created, settle(planned, planned.usdAtCreation, status)]);
      continue;
    }
    const invoice = settle(planned, receivedUSD(quoted, wallet.cryptocurrency, paidAt), 'paid');
    const transactionDatetime = serviceDatetimeFromEpochSeconds(paidAt);
    const payment = { id: paymentId, amount: jsonNumber(quoted), hash, transactionDatetime };
    invoices.push([created, paidInvoiceItem(invoice, payment, wallet)]);
    payments.push([paidAt, paymentItem(payment, invoice, wallet)]);
  }

  const searchWindows: PlannedInvoice[] = [];
  const cases: UnmatchedCase[] = [];
  for (let index = 0; index < counts.others; index++) {
    const lifetime = random.weighted(LIFETIMES);
    const created = random.int(start, end - 1);
    const canceled = index === 0 || (index > 1 && random.chance(CANCELED_SHARE));
    const planned = plan(counts.paid + index, created, lifetime, 0, {});
    if (!canceled) searchWindows.push(planned);
    if (created > nowSeconds) continue;
    const status: InvoiceStatus = canceled
      ? 'canceled'
      : nowSeconds < planned.timeToPay
        ? 'unpaid'
        : 'expired';
    invoices.push([created, settle(planned, planned.usdAtCreation, status)]);
  }

  const strays = new SeededRandom(seed, month, STRAY_STREAM);
  for (let index = 0; index < counts.unmatched; index++) {
    // A transaction enters the system only while some invoice's search is active: each unmatched
    // payment arrives inside the window of an invoice that was never paid (a wrong amount, say).
    const window = random.pick(searchWindows);
    const arrived = random.int(window.created, window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet = index === 0 ? walletFor(account, 'BTC') : random.weighted(account.walletChoice);
    let amount = new Big(DUST_AMOUNT);
    if (index > 0) {
      let usd = new Big(random.int(100, 30_000)).div(100);
      if (request.unmatchedCases) {
        usd = new Big(clearOfWaitingInvoices(usd.toNumber(), arrived, searchWindows, strays).toFixed(2));
      }
      amount = quote(usd, wallet.cryptocurrency, arrived);
    }
    const id = randomUuid(random);
    const hash = transactionHash(random, wallet.blockchain);
    if (arrived > nowSeconds) continue;
    const transactionDatetime = serviceDatetimeFromEpochSeconds(arrived);
    payments.push([arrived, { id, amount: jsonNumber(amount), hash, transactionDatetime, wallet }]);
    if (!request.unmatchedCases) continue;
    const usd = receivedUSD(amount, wallet.cryptocurrency, arrived).toFixed(2);
    const { cryptocurrency } = wallet;
    cases.push({ paymentId: id, kind: 'stray', invoiceId: null, usd, transactionDatetime, cryptocurrency });
  }

  if (request.unmatchedCases) {
    // Their serials come after the current month's two recent invoices.
    const generated = generateUnmatchedCases({
      ...request,
      start,
      end,
      firstSerial: counts.paid + counts.others + 2,
      searchWindows,
    });
    invoices.push(...generated.invoices);
    payments.push(...generated.payments);
    cases.push(...generated.cases);
  }

  if (start <= nowSeconds && nowSeconds < end) {
    // The current month always shows invoices still waiting for payment, whatever the volume.
    const recent = new SeededRandom(seed, month, RECENT_STREAM);
    for (const [offset, ago] of [1_200, 300].entries()) {
      const created = Math.max(start, nowSeconds - ago);
      const serial = counts.paid + counts.others + offset;
      const planned = ordinaryInvoice(recent, account, { month, serial, created, lifetime: 3_600 }, [0, 3]);
      invoices.push([created, settle(planned, planned.usdAtCreation, 'unpaid')]);
    }
  }

  const generated: GeneratedMonth = {
    month,
    invoices: newestFirst(invoices),
    payments: newestFirst(payments),
  };
  if (request.unmatchedCases) generated.cases = cases;
  return generated;
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
function paidInvoiceItem(
  invoice: InvoiceJson,
  payment: PaymentRecordJson,
  wallet: WalletJson,
): InvoiceItemJson {
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
