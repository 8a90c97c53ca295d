import Big from 'big.js';
import {
  type Invoice,
  type InvoiceStatus,
  PAYMENT_SEARCH_GRACE_SECONDS,
  type PaymentItem,
  type Wallet,
} from '../invoicing';
import { parseServiceDatetime } from '../period';
import { compareByCreation, compareByTransaction, compareText, entryOf, FirstInOrder } from './collections';
import {
  type LatePayment,
  LISTED_PAYMENTS_KEPT,
  MISPAID_INVOICES_LISTED,
  type MispaidInvoice,
} from './model';
import { DecimalSum, doubleOrder, percentChange, roundFiat, roundUsd, sum } from './money';
import { type ComparedSpan, isoInstant } from './report-period';

/** The one currency whose invoices can be judged under- or over-paid (see `MispaidInvoice`). */
export const JUDGED_CURRENCY = 'USD';

const newProjectTotals = () => ({ paid: 0, usd: new DecimalSum(), commission: new DecimalSum() });
const newCurrencyTotals = () => ({ paid: 0, amount: new DecimalSum(), usd: new DecimalSum() });

const netReceived = (paid: DecimalSum, commission: DecimalSum): Big =>
  roundUsd(paid.toBig().minus(commission.toBig()));

/**
 * Totals of the period's invoices as they arrive. Paid figures use `amountFiatUSD` (the USD received); months
 * sum the days' exact sums; `projects` go by paid USD, largest first, then id.
 */
export class InvoiceFiguresAccumulator {
  #total = 0;
  readonly #byStatus: Record<InvoiceStatus, number> = { unpaid: 0, canceled: 0, paid: 0, expired: 0 };
  readonly #paidUsd = new DecimalSum();
  readonly #commissionUsd = new DecimalSum();
  readonly #projects = new Map<string, ReturnType<typeof newProjectTotals>>();
  readonly #currencies = new Map<string, ReturnType<typeof newCurrencyTotals>>();
  readonly #days: Map<string, { paid: number; usd: DecimalSum }>;
  readonly mispaid = new MispaidFiguresAccumulator();

  /** @param days the period's days in its zone (`YYYY-MM-DD`) up to the one `asOf` falls in, in order. */
  constructor(days: readonly string[]) {
    this.#days = new Map(days.map((date) => [date, { paid: 0, usd: new DecimalSum() }]));
  }

  /** @param day the day of the period it was created on. */
  add(invoice: Invoice, day: string): void {
    this.#total += 1;
    this.#byStatus[invoice.status] += 1;
    if (invoice.status !== 'paid') return;
    const { amountFiatUSD: usd, commissionFiatUSD: commission } = invoice;
    this.#paidUsd.add(usd);
    this.#commissionUsd.add(commission);
    this.mispaid.add(invoice);

    const project = entryOf(this.#projects, invoice.projectId, newProjectTotals);
    project.paid += 1;
    project.usd.add(usd);
    project.commission.add(commission);

    const currency = entryOf(this.#currencies, invoice.currencyFiat, newCurrencyTotals);
    currency.paid += 1;
    currency.amount.add(invoice.amountFiat);
    currency.usd.add(usd);

    const dayTotals = this.#days.get(day);
    if (dayTotals === undefined) throw new Error(`Day ${day} is not a day of the report's period`);
    dayTotals.paid += 1;
    dayTotals.usd.add(usd);
  }

  result() {
    const projects = [...this.#projects]
      .map(([projectId, totals]) => ({ projectId, exactUsd: totals.usd.toBig(), totals }))
      .sort((a, b) => b.exactUsd.cmp(a.exactUsd) || compareText(a.projectId, b.projectId))
      .map(({ projectId, exactUsd, totals }) => ({
        projectId,
        paid: totals.paid,
        paidTotalUSD: roundUsd(exactUsd),
        commissionTotalUSD: roundUsd(totals.commission.toBig()),
        netReceivedUSD: netReceived(totals.usd, totals.commission),
      }));
    const currencies = [...this.#currencies]
      .sort(([a], [b]) => compareText(a, b))
      .map(([currency, totals]) => ({
        currency,
        paid: totals.paid,
        amount: roundFiat(totals.amount.toBig(), currency),
        paidTotalUSD: roundUsd(totals.usd.toBig()),
      }));
    const days: { date: string; paid: number; paidTotalUSD: Big }[] = [];
    const byMonth = new Map<string, { paid: number; usd: Big[] }>();
    for (const [date, totals] of this.#days) {
      const exactUsd = totals.usd.toBig();
      days.push({ date, paid: totals.paid, paidTotalUSD: roundUsd(exactUsd) });
      const month = entryOf(byMonth, date.slice(0, 7), () => ({ paid: 0, usd: [] as Big[] }));
      month.paid += totals.paid;
      month.usd.push(exactUsd);
    }
    const months = [...byMonth].map(([month, { paid, usd }]) => ({
      month,
      paid,
      paidTotalUSD: roundUsd(sum(usd)),
    }));
    return {
      total: this.#total,
      paid: this.#byStatus.paid,
      byStatus: { ...this.#byStatus },
      paidTotalUSD: roundUsd(this.#paidUsd.toBig()),
      commissionTotalUSD: roundUsd(this.#commissionUsd.toBig()),
      netReceivedUSD: netReceived(this.#paidUsd, this.#commissionUsd),
      ...this.mispaid.totals(),
      byProject: Object.fromEntries(projects.map((project) => [project.projectId, project.paidTotalUSD])),
      byCurrency: Object.fromEntries(currencies.map((currency) => [currency.currency, currency.amount])),
      byDay: Object.fromEntries(days.map((day) => [day.date, day.paidTotalUSD])),
      byMonth: Object.fromEntries(months.map((month) => [month.month, month.paidTotalUSD])),
      projects,
      currencies,
      days,
      months,
    };
  }
}

const newMispaidSide = () => ({ count: 0, received: new DecimalSum(), invoiced: new DecimalSum() });

/** `differenceUSD`: received minus invoiced, negative for the under-paid. */
const mispaidTotals = ({ count, received, invoiced }: ReturnType<typeof newMispaidSide>) => ({
  count,
  differenceUSD: roundUsd(received.toBig().minus(invoiced.toBig())),
});

const byLargestDifference = (a: MispaidInvoice, b: MispaidInvoice): number =>
  b.differenceUSD.abs().cmp(a.differenceUSD.abs()) || compareByCreation(a.invoice, b.invoice);

/** Paid USD invoices received short or over: both sides' totals, the `limit` largest (the CSV has all). */
export class MispaidFiguresAccumulator {
  readonly #under = newMispaidSide();
  readonly #over = newMispaidSide();
  readonly #largest: FirstInOrder<MispaidInvoice>;
  #offered = 0;
  /** The smallest kept difference as a double once the list is full: a cheap first test for newcomers. */
  #floor: number | undefined;

  constructor(readonly limit: number = MISPAID_INVOICES_LISTED) {
    this.#largest = new FirstInOrder(limit, byLargestDifference);
  }

  add(invoice: Invoice): void {
    if (invoice.currencyFiat !== JUDGED_CURRENCY) return;
    const received = invoice.amountFiatUSD;
    const invoiced = invoice.amountFiat;
    // Amounts come in Big's own plain form, so equal text is an equal amount: the common case.
    if (received === invoiced) return;
    const receivedNumber = Number(received);
    const invoicedNumber = Number(invoiced);
    const sign = doubleOrder(receivedNumber, invoicedNumber) || new Big(received).cmp(invoiced);
    if (sign === 0) return;
    const side = sign < 0 ? this.#under : this.#over;
    side.count += 1;
    side.received.add(received);
    side.invoiced.add(invoiced);
    if (this.limit === 0) return;
    // The doubles' difference is within a few units of the 16th digit of the exact one: an invoice
    // clearly below the smallest kept is passed over without an exact subtraction.
    const approximate = Math.abs(receivedNumber - invoicedNumber);
    const size = Math.abs(receivedNumber) + Math.abs(invoicedNumber);
    if (this.#floor !== undefined && approximate + size * 1e-12 < this.#floor * (1 - 1e-12)) return;
    this.#largest.add({ invoice, differenceUSD: new Big(received).minus(invoiced) });
    this.#offered += 1;
    if (this.#offered >= this.limit)
      this.#floor = this.#largest.list().at(-1)!.differenceUSD.abs().toNumber();
  }

  totals() {
    return { underpaid: mispaidTotals(this.#under), overpaid: mispaidTotals(this.#over) };
  }

  largest(): MispaidInvoice[] {
    return this.#largest.list();
  }
}

/** The paid invoices of the previous period's compared span (`ComparedSpan`); the percent is null from 0. */
export class PreviousPeriodAccumulator {
  #paid = 0;
  readonly #paidUsd = new DecimalSum();

  constructor(readonly span: ComparedSpan) {}

  add(invoice: Invoice): void {
    if (invoice.status !== 'paid') return;
    this.#paid += 1;
    this.#paidUsd.add(invoice.amountFiatUSD);
  }

  /** The change is worked out from the rounded totals, as printed, so that it is exactly their difference. */
  result(current: { paid: number; paidTotalUSD: Big }) {
    const paidTotalUSD = roundUsd(this.#paidUsd.toBig());
    const { period, start, end, whole } = this.span;
    return {
      kind: period.kind,
      id: period.id,
      start: isoInstant(start),
      end: isoInstant(end),
      comparison: whole ? ('whole-period' as const) : ('same-elapsed-span' as const),
      paid: this.#paid,
      paidTotalUSD,
      change: {
        paid: current.paid - this.#paid,
        paidTotalUSD: current.paidTotalUSD.minus(paidTotalUSD),
        paidTotalPercent: percentChange(current.paidTotalUSD, paidTotalUSD),
      },
    };
  }
}

/**
 * Seconds a matched payment came after its invoice's `timeToPayDatetime`, within the spec's grace window
 * (else `undefined`); in the deadline's own second it is late by 0: it is not before it.
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
  #lateCount = 0;
  readonly #byCryptocurrency = new Map<string, { count: number; amount: DecimalSum }>();
  readonly #byWallet = new Map<string, { wallet: Wallet; count: number; amount: DecimalSum }>();
  readonly #unmatched = new FirstInOrder(LISTED_PAYMENTS_KEPT, compareByTransaction);
  readonly #late = new FirstInOrder<LatePayment>(LISTED_PAYMENTS_KEPT, (a, b) =>
    compareByTransaction(a.payment, b.payment),
  );
  #leftOutByProjectFilter = 0;

  constructor(readonly projectFiltered = false) {}

  add(payment: PaymentItem): void {
    this.#total += 1;
    const { wallet } = payment;
    const crypto = entryOf(this.#byCryptocurrency, wallet.cryptocurrency, newCryptoTotals);
    crypto.count += 1;
    crypto.amount.add(payment.amount);
    const byWallet = entryOf(this.#byWallet, wallet.id, () => ({ wallet, ...newCryptoTotals() }));
    byWallet.count += 1;
    byWallet.amount.add(payment.amount);
    if (payment.invoice === undefined) {
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
      unmatched: this.#total - this.#matched,
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
