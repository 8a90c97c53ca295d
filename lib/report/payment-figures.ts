import { PAYMENT_SEARCH_GRACE_SECONDS, type PaymentItem, type Wallet } from '../invoicing';
import { parseServiceDatetime } from '../period';
import { compareByTransaction, compareText, entryOf, FirstInOrder } from './collections';
import { type LatePayment, LISTED_PAYMENTS_KEPT } from './model';
import { DecimalSum } from './money';

/**
 * Whole seconds a matched payment came after its invoice's `timeToPayDatetime`, inside the spec's grace window;
 * `undefined` otherwise. A payment in the deadline's own second is late by 0: it is not before it.
 */
export function secondsLate(payment: PaymentItem): number | undefined {
  if (payment.invoice === undefined) return undefined;
  const seconds =
    (parseServiceDatetime(payment.transactionDatetime) -
      parseServiceDatetime(payment.invoice.timeToPayDatetime)) /
    1000;
  return seconds >= 0 && seconds <= PAYMENT_SEARCH_GRACE_SECONDS ? seconds : undefined;
}

const newCryptoTotals = () => ({ count: 0, amount: new DecimalSum() });

/** Adds up the period's payments as they arrive, keeping the first unmatched and late ones in full. */
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

  constructor(
    readonly projectFiltered = false,
    listed = LISTED_PAYMENTS_KEPT,
  ) {
    this.#unmatched = new FirstInOrder(listed, compareByTransaction);
    this.#late = new FirstInOrder<LatePayment>(listed, (a, b) => compareByTransaction(a.payment, b.payment));
  }

  add(payment: PaymentItem): void {
    this.#total += 1;
    const { wallet } = payment;
    const crypto = entryOf(this.#byCryptocurrency, wallet.cryptocurrency, newCryptoTotals);
    crypto.count += 1;
    crypto.amount.add(payment.amount);
    const byWallet = entryOf(this.#byWallet, wallet.id, () => ({
      wallet,
      count: 0,
      amount: new DecimalSum(),
    }));
    byWallet.count += 1;
    byWallet.amount.add(payment.amount);
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

  /** A payment without an invoice, left out of a project's report. */
  leaveOutUnattributable(): void {
    this.#leftOutByProjectFilter += 1;
  }

  /** The unmatched and late are the first `LISTED_PAYMENTS_KEPT` by `transactionDatetime`, then id. */
  result() {
    const cryptocurrencies = [...this.#byCryptocurrency]
      .sort(([a], [b]) => compareText(a, b))
      .map(([cryptocurrency, { count, amount }]) => ({ cryptocurrency, count, amount: amount.toBig() }));
    const wallets = [...this.#byWallet.values()]
      .sort((a, b) => compareText(a.wallet.name, b.wallet.name) || compareText(a.wallet.id, b.wallet.id))
      .map(({ wallet, count, amount }) => ({ wallet, count, amount: amount.toBig() }));
    const figures = {
      total: this.#total,
      matched: this.#matched,
      unmatched: this.#unmatchedCount,
      late: this.#lateCount,
      byCryptocurrency: Object.fromEntries(cryptocurrencies.map((c) => [c.cryptocurrency, c.amount])),
      cryptocurrencies,
      wallets,
      // Why payments without an invoice are missing from a project's report, and how many.
      ...(this.projectFiltered && {
        projectFilterNote:
          'Payments not matched to an invoice cannot be attributed to a project and are left out' +
          ` (${this.#leftOutByProjectFilter} in this period).`,
      }),
    };
    return { figures, unmatched: this.#unmatched.list(), late: this.#late.list() };
  }
}
