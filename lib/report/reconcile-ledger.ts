import type Big from 'big.js';
import { millisecondsInHour } from 'date-fns/constants';
import type { DecimalString, Invoice, InvoiceStatistics } from '../invoicing';
import { shiftUtcDay, utcDayKey } from '../period';
import { compareText, entryOf, partitionPoint } from './collections';
import { CentsSum, DecimalSum, ZERO } from './money';
import { EARLIEST_DAY_START_MS, LATEST_DAY_START_MS } from './report-period';

/**
 * USD amounts added up exactly, and each first rounded to the cent: a service may total either way, and
 * amounts converted at a rate carry more decimals than cents (up to half a cent an invoice apart).
 */
export interface UsdTotal {
  exact: Big;
  ofCents: Big;
}

export const NO_USD: UsdTotal = { exact: ZERO, ofCents: ZERO };

export class PaidSum {
  count = 0;
  readonly #exact = new DecimalSum();
  readonly #ofCents = new CentsSum();

  add(usd: DecimalString): void {
    this.count += 1;
    this.#exact.add(usd);
    this.#ofCents.add(usd);
  }

  get usd(): UsdTotal {
    return { exact: this.#exact.toBig(), ofCents: this.#ofCents.toBig() };
  }
}

const newPaidSum = () => new PaidSum();
const newDecimalSum = () => new DecimalSum();

/**
 * The paid invoices the list returned for the reconciliation's window, added up as the statistics add up
 * the same window: in all, per project, per currency, and per day of the service's own cut. Every one
 * counts, whatever its timestamp: the service chose them by its reading of the dates. The days are known
 * once the statistics arrive (fetched alongside): until then the invoices' instants and amounts wait.
 */
export class WindowLedger {
  readonly all = new PaidSum();
  readonly usdByProject = new Map<string, PaidSum>();
  readonly fiatByCurrency = new Map<string, DecimalSum>();
  readonly usdByCurrency = new Map<string, PaidSum>();
  #reading: ServiceDaysReading | undefined;
  #waiting: { at: number; usd: DecimalString }[] = [];
  readonly #placed: Record<DayPlacement, Map<string, PaidSum>> = {
    listed: new Map(),
    'end-unknown': new Map(),
    unlisted: new Map(),
  };

  /** Counts an invoice in if it is paid; `createdAt` is its `createDatetime` in epoch milliseconds. */
  add(invoice: Invoice, createdAt: number): void {
    if (invoice.status !== 'paid') return;
    const usd = invoice.amountFiatUSD;
    this.all.add(usd);
    entryOf(this.usdByProject, invoice.projectId, newPaidSum).add(usd);
    entryOf(this.fiatByCurrency, invoice.currencyFiat, newDecimalSum).add(invoice.amountFiat);
    entryOf(this.usdByCurrency, invoice.currencyFiat, newPaidSum).add(usd);
    if (this.#reading === undefined) this.#waiting.push({ at: createdAt, usd });
    else if (this.#reading.ok) this.#place(this.#reading.days, createdAt, usd);
  }

  /** Reads the service's days when the statistics arrive, and places the paid invoices among them. */
  readDays(byDate: InvoiceStatistics['invoicesByDate']): void {
    const reading = ServiceDays.read(byDate);
    this.#reading = reading;
    if (reading.ok) for (const { at, usd } of this.#waiting) this.#place(reading.days, at, usd);
    this.#waiting = [];
  }

  #place(days: ServiceDays, at: number, usd: DecimalString): void {
    const { kind, date } = days.place(at);
    entryOf(this.#placed[kind], date, newPaidSum).add(usd);
  }

  days() {
    if (this.#reading === undefined) throw new Error('The service days are read when the statistics arrive');
    return { reading: this.#reading, placed: this.#placed };
  }
}

export interface ListedDay {
  date: string;
  /** The entry's `date`: the day's first instant. */
  start: number;
  /** The next day's start when it is listed too; else the day may be 23, 24 or 25 hours long. */
  end: number | undefined;
}

/**
 * Where a paid invoice's creation falls: inside a listed day (`listed`); in the last two hours a listed
 * day may have when the next is not listed (`end-unknown`); or on a day not listed (`unlisted`), named as
 * well as the listed days' cut tells.
 */
type DayPlacement = 'listed' | 'end-unknown' | 'unlisted';

export type ServiceDaysReading = { ok: true; days: ServiceDays } | { ok: false; problem: string };

const SHORTEST_DAY_MS = 23 * millisecondsInHour;
const LONGEST_DAY_MS = 25 * millisecondsInHour;

const midnightUtc = (date: string): number => Date.parse(`${date}T00:00:00Z`);
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const midnight = midnightUtc(text);
  return !Number.isNaN(midnight) && utcDayKey(midnight) === text;
}

/**
 * The days the statistics' per-day figures are cut in, as the service states them: each entry's `date`
 * says where its day begins, and a day ends where the next calendar day begins. Nothing is assumed of
 * the service's zone but that it is one: each day begins within the hours some zone's day of that date
 * can (UTC−12 to UTC+14), and later than the day before.
 */
export class ServiceDays {
  private constructor(readonly days: readonly ListedDay[]) {}

  static read(byDate: InvoiceStatistics['invoicesByDate']): ServiceDaysReading {
    const entries = Object.entries(byDate).sort(([a], [b]) => compareText(a, b));
    for (const [index, [date, { date: start }]] of entries.entries()) {
      if (!isDate(date)) {
        return {
          ok: false,
          problem: `its per-day figures have a key that is not a date (${JSON.stringify(date)})`,
        };
      }
      const offset = start - midnightUtc(date);
      if (offset < EARLIEST_DAY_START_MS || offset > LATEST_DAY_START_MS) {
        return {
          ok: false,
          problem: `its per-day figures say ${date} begins at ${new Date(start).toISOString()}, which is no time zone's midnight of that date`,
        };
      }
      const before = entries[index - 1];
      if (before !== undefined && before[1].date >= start) {
        return { ok: false, problem: `its per-day figures say ${date} begins no later than ${before[0]}` };
      }
    }
    const starts = new Map(entries.map(([date, { date: start }]) => [date, start]));
    const days = entries.map(([date, { date: start }]) => ({
      date,
      start,
      end: starts.get(shiftUtcDay(date, 1)),
    }));
    return { ok: true, days: new ServiceDays(days) };
  }

  place(at: number): { kind: DayPlacement; date: string } {
    const index = partitionPoint(this.days.length, (i) => this.days[i]!.start <= at) - 1;
    const day = index === -1 ? undefined : this.days[index]!;
    if (day !== undefined) {
      // With a listed next day, `at` is before its start (else the search had found it).
      if (day.end !== undefined || at < day.start + SHORTEST_DAY_MS)
        return { kind: 'listed', date: day.date };
      if (at < day.start + LONGEST_DAY_MS) return { kind: 'end-unknown', date: day.date };
    }
    return { kind: 'unlisted', date: this.unlistedDate(at, index) };
  }

  /**
   * Read with the UTC offset of the nearer listed day, kept strictly between the listed days around it;
   * in UTC when none is listed.
   */
  private unlistedDate(at: number, before: number): string {
    const earlier = this.days[before];
    const later = this.days[before + 1];
    const nearer =
      earlier === undefined || (later !== undefined && later.start - at < at - earlier.start)
        ? later
        : earlier;
    const offset = nearer === undefined ? 0 : midnightUtc(nearer.date) - nearer.start;
    let date = utcDayKey(at + offset);
    if (earlier !== undefined && date <= earlier.date) date = shiftUtcDay(earlier.date, 1);
    if (later !== undefined && date >= later.date) date = shiftUtcDay(later.date, -1);
    return date;
  }
}
