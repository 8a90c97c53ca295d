import type Big from 'big.js';
import type { DecimalString, Invoice, InvoiceStatistics } from '../invoicing';
import { CentsSum, DecimalSum, ZERO } from './money';
import { type DayPlacement, ServiceDays, type ServiceDaysReading } from './reconcile-days';

/**
 * Some invoices' USD amounts added up two ways: exactly, and each first rounded to the cent. A service may
 * total either way ("total of paid invoices in USD"), and amounts converted at a rate carry more decimals
 * than cents: the two may differ by up to half a cent an invoice.
 */
export interface UsdTotal {
  exact: Big;
  ofCents: Big;
}

/** The USD total of no invoices. */
export const NO_USD: UsdTotal = { exact: ZERO, ofCents: ZERO };

/** Paid invoices of some set, added up exactly: what the statistics endpoint reports, itemised. */
export interface PaidTotals {
  count: number;
  usd: UsdTotal;
  usdByProject: Map<string, UsdTotal>;
  fiatByCurrency: Map<string, Big>;
  usdByCurrency: Map<string, UsdTotal>;
}

/** Some paid invoices as a count and their USD sums. */
export interface PaidCount {
  count: number;
  usd: UsdTotal;
}

/** A running `UsdTotal`. */
class UsdSum {
  readonly #exact = new DecimalSum();
  readonly #ofCents = new CentsSum();

  add(usd: DecimalString): void {
    this.#exact.add(usd);
    this.#ofCents.add(usd);
  }

  result(): UsdTotal {
    return { exact: this.#exact.toBig(), ofCents: this.#ofCents.toBig() };
  }
}

/** The window's paid invoices by where they fall among the service's days, each kind by date. */
export type PlacedDays = Record<DayPlacement['kind'], Map<string, PaidCount>>;

/** A running count and USD sum. */
class PaidCountSum {
  count = 0;
  readonly usd = new UsdSum();

  add(usd: DecimalString): void {
    this.count += 1;
    this.usd.add(usd);
  }

  result(): PaidCount {
    return { count: this.count, usd: this.usd.result() };
  }
}

/** `PaidTotals` while invoices are still being added: running sums, turned into `Big` values on request. */
class PaidTotalsSum {
  readonly #all = new PaidCountSum();
  readonly #usdByProject = new Map<string, UsdSum>();
  readonly #fiatByCurrency = new Map<string, DecimalSum>();
  readonly #usdByCurrency = new Map<string, UsdSum>();

  add(invoice: Invoice): void {
    this.#all.add(invoice.amountFiatUSD);
    sumFor(this.#usdByProject, invoice.projectId, () => new UsdSum()).add(invoice.amountFiatUSD);
    sumFor(this.#fiatByCurrency, invoice.currencyFiat, () => new DecimalSum()).add(invoice.amountFiat);
    sumFor(this.#usdByCurrency, invoice.currencyFiat, () => new UsdSum()).add(invoice.amountFiatUSD);
  }

  totals(): PaidTotals {
    const { count, usd } = this.#all.result();
    const results = <S extends { result(): UsdTotal }>(sums: Map<string, S>) =>
      new Map([...sums].map(([key, sum]) => [key, sum.result()]));
    return {
      count,
      usd,
      usdByProject: results(this.#usdByProject),
      fiatByCurrency: new Map([...this.#fiatByCurrency].map(([key, sum]) => [key, sum.toBig()])),
      usdByCurrency: results(this.#usdByCurrency),
    };
  }
}

function sumFor<S>(sums: Map<string, S>, key: string, create: () => S): S {
  let sum = sums.get(key);
  if (sum === undefined) {
    sum = create();
    sums.set(key, sum);
  }
  return sum;
}

/**
 * The paid invoices the list returned for the reconciliation's window, added up the way the statistics
 * endpoint adds up the same window: in all, per project, per currency, and per day of the service's own
 * cut. Every invoice the list returns counts, whatever its timestamp: the service chose them by its
 * reading of the dates, as it chose what its statistics count.
 *
 * The days are known only once the statistics have arrived (they are fetched alongside the list):
 * until then each paid invoice's instant and USD amount wait, then all are placed and later ones at once.
 */
export class WindowLedger {
  readonly #totals = new PaidTotalsSum();
  /** The service's days; `undefined` while the statistics are awaited. */
  #reading: ServiceDaysReading | undefined;
  #waiting: { at: number; usd: DecimalString }[] = [];
  readonly #placed: Record<DayPlacement['kind'], Map<string, PaidCountSum>> = {
    listed: new Map(),
    'end-unknown': new Map(),
    unlisted: new Map(),
  };

  /** Counts an invoice in if it is paid; `createdAt` is its `createDatetime` in epoch milliseconds. */
  add(invoice: Invoice, createdAt: number): void {
    if (invoice.status !== 'paid') return;
    this.#totals.add(invoice);
    if (this.#reading === undefined) this.#waiting.push({ at: createdAt, usd: invoice.amountFiatUSD });
    else if (this.#reading.ok) this.#place(this.#reading.days, createdAt, invoice.amountFiatUSD);
  }

  /**
   * Reads the service's days from the statistics' `invoicesByDate` and places the paid invoices among
   * them, those added so far and those to come (none when the days cannot be read). Called once, when
   * the statistics arrive.
   */
  readDays(byDate: InvoiceStatistics['invoicesByDate']): void {
    const reading = ServiceDays.read(byDate);
    this.#reading = reading;
    if (reading.ok) for (const { at, usd } of this.#waiting) this.#place(reading.days, at, usd);
    this.#waiting = [];
  }

  #place(days: ServiceDays, at: number, usd: DecimalString): void {
    const { kind, date } = days.place(at);
    sumFor(this.#placed[kind], date, () => new PaidCountSum()).add(usd);
  }

  /** The window's paid invoices added up. */
  totals(): PaidTotals {
    return this.#totals.totals();
  }

  /** The service's days as read, and the window's paid invoices among them. */
  days(): { reading: ServiceDaysReading; placed: PlacedDays } {
    if (this.#reading === undefined) throw new Error('The service days are read when the statistics arrive');
    const result = (sums: Map<string, PaidCountSum>) =>
      new Map([...sums].map(([date, sum]) => [date, sum.result()]));
    return {
      reading: this.#reading,
      placed: {
        listed: result(this.#placed.listed),
        'end-unknown': result(this.#placed['end-unknown']),
        unlisted: result(this.#placed.unlisted),
      },
    };
  }
}
