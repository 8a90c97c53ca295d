import Big from 'big.js';
import { secondsInHour } from 'date-fns/constants';
import { type InvoiceStatus, PAYMENT_SEARCH_GRACE_SECONDS } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import type { SandboxAccount } from './account';
import { jsonNumber } from './amounts';
import { CURRENCIES, drawAmountFiat, drawDescription, LIFETIMES, quote } from './generated-values';
import { randomUuid, transactionHash } from './identifiers';
import { newInvoice, type PlannedInvoice, paidInvoiceItem, paymentItem, settle } from './invoice-records';
import { DUST_AMOUNT, type FieldChoices, NO_CHOICES, paidSpecial, walletFor } from './month-edge-cases';
import { receivedUSDAtSeconds } from './rates';
import type { InvoiceItemJson, PaymentItemJson, PaymentRecordJson } from './records';
import { AWKWARD_SERVICE_DATA, ORDINARY_DESCRIPTIONS } from './sample-texts';
import { SeededRandom, WeightedChoice } from './seeded-random';
import { type MonthNumber, monthStartSeconds } from './service-time';
import {
  clearOfWaitingInvoices,
  generateUnmatchedCases,
  STRAY_STREAM,
  type UnmatchedCase,
} from './unmatched-cases';

/** Invoices in the other statuses (unpaid, canceled, expired) per paid invoice. */
export const OTHERS_SHARE = 0.1;
/** Unmatched payments per paid invoice. */
export const UNMATCHED_SHARE = 0.01;
/** Floors that keep a small month showing every kind of record. */
export const MIN_OTHERS = 4;
export const MIN_UNMATCHED = 2;

/** How many records a full month holds, before `now` cuts the current month short. */
export function monthCounts(paidPerMonth: number): { paid: number; others: number; unmatched: number } {
  return {
    paid: paidPerMonth,
    others: Math.max(MIN_OTHERS, Math.ceil(paidPerMonth * OTHERS_SHARE)),
    unmatched: Math.max(MIN_UNMATCHED, Math.ceil(paidPerMonth * UNMATCHED_SHARE)),
  };
}

export interface MonthRequest {
  seed: number;
  month: MonthNumber;
  paidPerMonth: number;
  /** The present, in epoch seconds: nothing happens after it. */
  nowSeconds: number;
  account: SandboxAccount;
  /** Adds the unmatched payments whose truth is known (see `generateUnmatchedCases`). @default false */
  unmatchedCases?: boolean;
}

export interface GeneratedMonth {
  month: MonthNumber;
  /** Invoices created in the month, newest first, then by id. */
  invoices: InvoiceItemJson[];
  /**
   * Payments found through the month's invoices, newest first, then by id. A payment for an invoice
   * created late on the month's last day may fall early in the next month.
   */
  payments: PaymentItemJson[];
  /**
   * With `unmatchedCases`: the truth about each of the month's unmatched payments (the ordinary ones are
   * stray), for tests; never served.
   */
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
  const { seed, month, paidPerMonth, nowSeconds, account } = request;
  const random = new SeededRandom(seed, month);
  const start = monthStartSeconds(month);
  const end = monthStartSeconds(month + 1);
  const counts = monthCounts(paidPerMonth);
  // Records are sorted by their numeric instants: comparing datetime strings made sorting a large
  // month slower than generating it.
  const invoices: Timed<InvoiceItemJson>[] = [];
  const payments: Timed<PaymentItemJson>[] = [];
  const projectChoices = new WeightedChoice(zip(account.projectIds, account.projectWeights));
  const walletChoices = new WeightedChoice(zip(account.wallets, account.walletWeights));

  const plan = (
    serial: number,
    created: number,
    lifetime: number,
    minViews: number,
    choices: FieldChoices,
  ) => {
    const currency = choices.currency ?? random.weighted(CURRENCIES);
    const projectId = choices.projectId ?? random.weighted(projectChoices);
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
    const wallet = special.wallet ?? random.weighted(walletChoices);
    const planned = plan(index, created, lifetime, 1, special);
    const paidAt = late && special.delay === undefined ? planned.timeToPay + lateBy : created + delay;
    const quoted = special.received
      ? new Big(special.received)
      : quote(planned.usdAtCreation, wallet.cryptocurrency, created);
    const paymentId = randomUuid(random);
    const hash = transactionHash(random, wallet.blockchain);
    if (created > nowSeconds) continue;
    if (paidAt > nowSeconds) {
      // Its payment is still to come: the invoice waits, and past its deadline it reads as expired
      // while the grace hour runs.
      const status = nowSeconds < planned.timeToPay ? 'unpaid' : 'expired';
      invoices.push([created, settle(planned, planned.usdAtCreation, status)]);
      continue;
    }
    const invoice = settle(planned, receivedUSDAtSeconds(quoted, wallet.cryptocurrency, paidAt), 'paid');
    const record: PaymentRecordJson = {
      id: paymentId,
      amount: jsonNumber(quoted),
      hash,
      transactionDatetime: serviceDatetimeFromEpochSeconds(paidAt),
    };
    invoices.push([created, paidInvoiceItem(invoice, record, wallet)]);
    payments.push([paidAt, paymentItem(record, invoice, wallet)]);
  }

  const searchWindows: PlannedInvoice[] = [];
  const cases: UnmatchedCase[] = [];
  for (let index = 0; index < counts.others; index++) {
    const lifetime = random.weighted(LIFETIMES);
    const created = random.int(start, end - 1);
    const canceled = index === 0 || (index > 1 && random.chance(CANCELED_SHARE));
    const planned = plan(counts.paid + index, created, lifetime, 0, NO_CHOICES);
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
  const strayUSD = (arrived: number) => {
    const drawn = new Big(random.int(100, 30_000)).div(100);
    if (!request.unmatchedCases) return drawn;
    return new Big(clearOfWaitingInvoices(drawn.toNumber(), arrived, searchWindows, strays).toFixed(2));
  };
  for (let index = 0; index < counts.unmatched; index++) {
    // A transaction enters the system only while some invoice's search is active: each unmatched
    // payment arrives inside the window of an invoice that was never paid (a wrong amount, say).
    const window = random.pick(searchWindows);
    const arrived = random.int(window.created, window.timeToPay + PAYMENT_SEARCH_GRACE_SECONDS - 1);
    const wallet = index === 0 ? walletFor(account, 'BTC') : random.weighted(walletChoices);
    const amount =
      index === 0 ? new Big(DUST_AMOUNT) : quote(strayUSD(arrived), wallet.cryptocurrency, arrived);
    const id = randomUuid(random);
    const hash = transactionHash(random, wallet.blockchain);
    if (arrived > nowSeconds) continue;
    const transactionDatetime = serviceDatetimeFromEpochSeconds(arrived);
    payments.push([arrived, { id, amount: jsonNumber(amount), hash, transactionDatetime, wallet }]);
    if (!request.unmatchedCases) continue;
    cases.push({
      paymentId: id,
      kind: 'stray',
      invoiceId: null,
      usd: receivedUSDAtSeconds(amount, wallet.cryptocurrency, arrived).toFixed(2),
      transactionDatetime,
      cryptocurrency: wallet.cryptocurrency,
    });
  }

  if (request.unmatchedCases) {
    const generated = generateUnmatchedCases({
      seed,
      month,
      start,
      end,
      nowSeconds,
      account,
      // After the current month's two recent invoices.
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
    const serial = counts.paid + counts.others;
    for (const [offset, ago] of [1_200, 300].entries()) {
      const created = Math.max(start, nowSeconds - ago);
      const currency = recent.weighted(CURRENCIES);
      const planned = newInvoice(
        {
          month,
          serial: serial + offset,
          projectId: recent.pick(account.projectIds),
          created,
          lifetime: secondsInHour,
          amountFiat: drawAmountFiat(recent, currency, created),
          currency,
          description: recent.pick(ORDINARY_DESCRIPTIONS),
          serviceData: `ORD-${recent.int(100_000, 999_999)}`,
          views: recent.int(0, 3),
        },
        recent,
      );
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

/** A record with the instant it is ordered by, in epoch seconds. */
type Timed<T> = [number, T];

/** Newest first, then by id (see `record-order.ts`). */
function newestFirst<T extends { id: string }>(rows: Timed<T>[]): T[] {
  rows.sort(([aTime, a], [bTime, b]) => bTime - aTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map(([, record]) => record);
}

function zip<T>(values: readonly T[], weights: readonly number[]): (readonly [T, number])[] {
  return values.map((value, index) => [value, weights[index]!] as const);
}
