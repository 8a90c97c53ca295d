import type { PaymentItem, Wallet } from '../invoicing';
import { parseServiceDatetime } from '../period';
import { FirstInOrder } from './first-in-order';
import {
  type CryptocurrencyFigures,
  type LatePayment,
  LISTED_PAYMENTS_KEPT,
  type PaymentFigures,
  type WalletFigures,
} from './model';
import { DecimalSum } from './money';

/** The search for payments runs one hour past `timeToPayDatetime` (the spec's grace window). */
export const GRACE_WINDOW_SECONDS = 3600;

/** What the payments of the period add up to, and the first ones of the lists the page shows. */
export interface PaymentResult {
  figures: PaymentFigures;
  /** The first `LISTED_PAYMENTS_KEPT` by `transactionDatetime`, then id. */
  unmatched: PaymentItem[];
  /** The first `LISTED_PAYMENTS_KEPT` by `transactionDatetime`, then id. */
  late: LatePayment[];
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Orders payments by `transactionDatetime` (fixed-width `Y-m-d H:i:s`, so text order is time order), then id. */
export const compareByTransaction = (a: PaymentItem, b: PaymentItem): number =>
  compareText(a.transactionDatetime, b.transactionDatetime) || compareText(a.id, b.id);

/**
 * Whole seconds a matched payment came after its invoice's `timeToPayDatetime`, when that is inside the
 * grace window (0..3600); `undefined` for a payment on time, later than the window, or unmatched. The
 * customer must pay before the deadline, so a payment in the deadline's own second is late by 0 seconds:
 * the service's datetimes are whole seconds, and that second is not before the deadline.
 */
export function secondsLate(payment: PaymentItem): number | undefined {
  if (payment.invoice === undefined) return undefined;
  const seconds =
    (parseServiceDatetime(payment.transactionDatetime) -
      parseServiceDatetime(payment.invoice.timeToPayDatetime)) /
    1000;
  return seconds >= 0 && seconds <= GRACE_WINDOW_SECONDS ? seconds : undefined;
}

/**
 * Adds up the payments whose transaction falls in the period as they arrive. Keeps totals per
 * cryptocurrency and wallet, counts the unmatched and late payments, and keeps the first of each in
 * full (the page lists them; the files have them all).
 */
export class PaymentFiguresAccumulator {
  #total = 0;
  #matched = 0;
  #unmatchedCount = 0;
  #lateCount = 0;
  readonly #byCryptocurrency = new Map<string, { count: number; amount: DecimalSum }>();
  readonly #byWallet = new Map<string, { wallet: Wallet; count: number; amount: DecimalSum }>();
  readonly #unmatched: FirstInOrder<PaymentItem>;
  readonly #late: FirstInOrder<LatePayment>;
  #leftOutByProjectFilter = 0;

  /**
   * @param projectFiltered whether the report is for one project (the summary then says what it leaves out).
   * @param listed how many unmatched and late payments to keep in full.
   */
  constructor(
    readonly projectFiltered = false,
    listed = LISTED_PAYMENTS_KEPT,
  ) {
    this.#unmatched = new FirstInOrder(listed, compareByTransaction);
    this.#late = new FirstInOrder(listed, (a, b) => compareByTransaction(a.payment, b.payment));
  }

  /** Counts in a payment whose transaction falls in the period. */
  add(payment: PaymentItem): void {
    this.#total += 1;
    let crypto = this.#byCryptocurrency.get(payment.wallet.cryptocurrency);
    if (crypto === undefined) {
      crypto = { count: 0, amount: new DecimalSum() };
      this.#byCryptocurrency.set(payment.wallet.cryptocurrency, crypto);
    }
    crypto.count += 1;
    crypto.amount.add(payment.amount);

    let wallet = this.#byWallet.get(payment.wallet.id);
    if (wallet === undefined) {
      wallet = { wallet: payment.wallet, count: 0, amount: new DecimalSum() };
      this.#byWallet.set(payment.wallet.id, wallet);
    }
    wallet.count += 1;
    wallet.amount.add(payment.amount);

    if (payment.invoice === undefined) {
      this.#unmatchedCount += 1;
      this.#unmatched.add(payment);
      return;
    }
    this.#matched += 1;
    const late = secondsLate(payment);
    if (late === undefined) return;
    this.#lateCount += 1;
    this.#late.add({ payment, invoice: payment.invoice, secondsLate: late });
  }

  /** Notes a payment of the period without an invoice, left out because a project filter is set. */
  leaveOutUnattributable(): void {
    this.#leftOutByProjectFilter += 1;
  }

  /** The figures (crypto amounts unrounded) and the sorted lists. */
  result(): PaymentResult {
    const cryptocurrencies: CryptocurrencyFigures[] = [...this.#byCryptocurrency]
      .sort(([a], [b]) => compareText(a, b))
      .map(([cryptocurrency, totals]) => ({
        cryptocurrency,
        count: totals.count,
        amount: totals.amount.toBig(),
      }));
    const wallets: WalletFigures[] = [...this.#byWallet.values()]
      .sort((a, b) => compareText(a.wallet.name, b.wallet.name) || compareText(a.wallet.id, b.wallet.id))
      .map((totals) => ({ wallet: totals.wallet, count: totals.count, amount: totals.amount.toBig() }));
    const figures: PaymentFigures = {
      total: this.#total,
      matched: this.#matched,
      unmatched: this.#unmatchedCount,
      late: this.#lateCount,
      byCryptocurrency: Object.fromEntries(cryptocurrencies.map((c) => [c.cryptocurrency, c.amount])),
      cryptocurrencies,
      wallets,
    };
    if (this.projectFiltered) {
      const count = this.#leftOutByProjectFilter;
      figures.projectFilterNote =
        'Payments not matched to an invoice cannot be attributed to a project and are left out' +
        ` (${count} in this period).`;
    }
    return { figures, unmatched: this.#unmatched.list(), late: this.#late.list() };
  }
}
