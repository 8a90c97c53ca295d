import Big from 'big.js';
import { millisecondsInHour } from 'date-fns/constants';
import { type DecimalString, fiatFractionDigits, type Invoice, type InvoiceStatistics } from '../invoicing';
import { shiftUtcDay, utcDayKey } from '../period';
import { compareText, entryOf, partitionPoint } from './collections';
import { counted, formatDay, formatUSD } from './format';
import type { CurrencyUnit, Reconciliation, ReconciliationCheck, UncheckedCheck } from './model';
import { CentsSum, DecimalSum, roundHalfUp, roundUsd, sum, ZERO } from './money';
import { describeCheck } from './reconciliation-wording';
import { type DateRange, EARLIEST_DAY_START_MS, LATEST_DAY_START_MS } from './report-period';

/** USD summed exactly, and each first rounded to the cent: a service may total either way. */
type UsdTotal = { exact: Big; ofCents: Big };

const NO_USD: UsdTotal = { exact: ZERO, ofCents: ZERO };

class PaidSum {
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
 * The window's paid invoices as listed (whatever their timestamp: the service chose them), added up as the
 * statistics are: in all, per project, currency and service day (the instants wait for the statistics).
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

/** `end`: the next day's start if that is listed, else unknown (a day is 23, 24 or 25 hours long). */
type ListedDay = { date: string; start: number; end: number | undefined };

/** In a listed day; in the last two hours it may have when the next is not listed; or on a day not listed. */
type DayPlacement = 'listed' | 'end-unknown' | 'unlisted';

type ServiceDaysReading = { ok: true; days: ServiceDays } | { ok: false; problem: string };

const SHORTEST_DAY_MS = 23 * millisecondsInHour;
const LONGEST_DAY_MS = 25 * millisecondsInHour;

const midnightUtc = (date: string): number => Date.parse(`${date}T00:00:00Z`);
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const midnight = midnightUtc(text);
  return !Number.isNaN(midnight) && utcDayKey(midnight) === text;
}

/**
 * The service's days as its per-day figures state them (an entry's `date` is its day's start). Of its zone
 * only that it is one: a day begins where some zone's day of that date can, and after the day before.
 */
export class ServiceDays {
  private constructor(readonly days: readonly ListedDay[]) {}

  static read(byDate: InvoiceStatistics['invoicesByDate']): ServiceDaysReading {
    const entries = Object.entries(byDate).sort(([a], [b]) => compareText(a, b));
    for (const [index, [date, { date: start }]] of entries.entries()) {
      const offset = start - midnightUtc(date);
      const before = entries[index - 1];
      const problem = !isDate(date)
        ? `have a key that is not a date (${JSON.stringify(date)})`
        : offset < EARLIEST_DAY_START_MS || offset > LATEST_DAY_START_MS
          ? `say ${date} begins at ${new Date(start).toISOString()}, which is no time zone's midnight of that date`
          : before !== undefined && before[1].date >= start
            ? `say ${date} begins no later than ${before[0]}`
            : undefined;
      if (problem !== undefined) return { ok: false, problem: `its per-day figures ${problem}` };
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

  /** At the nearer listed day's UTC offset (UTC for none), strictly between the listed days around it. */
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

interface ReconcileInput {
  statistics: InvoiceStatistics;
  /** The dates both the statistics and the invoice list were asked for. */
  window: DateRange;
  ledger: WindowLedger;
  /** The project the list was asked for: the statistics take none, so only its total can be compared. */
  projectId?: string;
}

const ONE_PROJECT_ONLY =
  'The statistics cover every project, and the invoices were listed for this project only.';

/** 0 when absent; own members only: a code may be `constructor`. */
const amountOf = (values: Record<string, string>, key: string): Big =>
  new Big(Object.hasOwn(values, key) ? values[key]! : '0');
const usdOf = (sums: Map<string, PaidSum>, key: string): UsdTotal => sums.get(key)?.usd ?? NO_USD;
const sortedUnion = (a: Iterable<string>, b: Iterable<string>): string[] => [...new Set([...a, ...b])].sort();

/** Found on each side whatever the case of its id: a UUID's case means nothing. */
function askedProjectCheck(statistics: InvoiceStatistics, ledger: WindowLedger, id: string) {
  const same = ([key]: [string, unknown]) => key.toLowerCase() === id.toLowerCase();
  const service = sum(
    Object.entries(statistics.invoicesByProjects)
      .filter(same)
      .map(([, usd]) => usd),
  );
  const listed = [...ledger.usdByProject].filter(same).map(([, paid]) => paid.usd);
  return usdCheck(`project:${id}`, service, {
    exact: sum(listed.map((usd) => usd.exact)),
    ofCents: sum(listed.map((usd) => usd.ofCents)),
  });
}

/**
 * `invoicesByCurrencies` against each currency's `amountFiat`, or `amountFiatUSD` when more currencies agree
 * so (then the service totals in USD), so that one real difference does not flip the unit; a tie stays fiat.
 */
function currencyChecks(statistics: InvoiceStatistics, listed: WindowLedger) {
  const currencies = sortedUnion(Object.keys(statistics.invoicesByCurrencies), listed.fiatByCurrency.keys());
  const service = (code: string) => amountOf(statistics.invoicesByCurrencies, code);
  const inFiat = currencies.map((code) =>
    fiatCheck(code, service(code), listed.fiatByCurrency.get(code)?.toBig() ?? ZERO),
  );
  const inUsd = currencies.map((code) =>
    usdCheck(`currency:${code}`, service(code), usdOf(listed.usdByCurrency, code)),
  );
  const agreeing = (checks: ReconciliationCheck[]) => checks.filter((check) => check.ok).length;
  const unit: CurrencyUnit = agreeing(inUsd) > agreeing(inFiat) ? 'usd' : 'fiat';
  return { unit, checks: unit === 'usd' ? inUsd : inFiat };
}

/**
 * The statistics against the invoice list for the same window (the service reads the dates alike on both
 * sides). Every check not made exactly is named with its reason; with a project, only its check is made.
 */
export function reconcile(input: ReconcileInput) {
  const { statistics, ledger, projectId } = input;
  const { all } = ledger;
  const checks: ReconciliationCheck[] = [];
  const notChecked: UncheckedCheck[] = [];
  let currencyUnit: CurrencyUnit | null = null;
  if (projectId !== undefined) {
    checks.push(askedProjectCheck(statistics, ledger, projectId));
    const names = ['paidCount', 'paidTotalUSD', 'currency:*', 'day:*'];
    notChecked.push(...names.map((name) => ({ name, reason: ONE_PROJECT_ONLY })));
  } else {
    checks.push(check('paidCount', new Big(statistics.invoicesPaidNum), new Big(all.count)));
    checks.push(usdCheck('paidTotalUSD', new Big(statistics.invoicesTotalUSD), all.usd));
    for (const id of sortedUnion(Object.keys(statistics.invoicesByProjects), ledger.usdByProject.keys())) {
      const service = amountOf(statistics.invoicesByProjects, id);
      checks.push(usdCheck(`project:${id}`, service, usdOf(ledger.usdByProject, id)));
    }
    const currencies = currencyChecks(statistics, ledger);
    currencyUnit = currencies.unit;
    checks.push(...currencies.checks);
    const days = dayChecks(statistics, ledger);
    checks.push(...days.checks);
    notChecked.push(...days.notChecked);
  }
  return {
    ok: checks.every((check) => check.ok),
    // Wider than the period, so that it holds it under any reading; the statistics take no project.
    window: { startDate: input.window.startDate, endDate: input.window.endDate },
    listed: { paid: all.count, paidTotalUSD: roundUsd(all.usd.exact) },
    checks,
    /** Checks that could not be made exactly, with the reason: never guessed. */
    notChecked,
    /** `null` when no `currency:` check was made (project filter). */
    currencyUnit,
    statistics: { invoicesTotalNum: statistics.invoicesTotalNum },
  };
}

const TOLERANCE = new Big('0.01');

/**
 * The service's figure against each listed reading: the first that agrees, else the first. Rounded to six
 * decimals: a service adding in floating point sends `32.940000000000005`.
 */
function check(name: string, service: Big, ...readings: Big[]): ReconciliationCheck {
  const made = readings.map((computed) => {
    const difference = service.minus(computed);
    return { name, service, computed, difference, ok: roundHalfUp(difference.abs(), 6).lte(TOLERANCE) };
  });
  return made.find((reading) => reading.ok) ?? made[0]!;
}

/** The exact sum rounded once, or else the sum of amounts each rounded to the cent (as shown). */
const usdCheck = (name: string, service: Big, total: UsdTotal) =>
  check(name, service, roundUsd(total.exact), total.ofCents);

/** In the currency's minor unit; one coarser than a cent (JPY) to the cent too (`1500.4` or `1500`). */
function fiatCheck(code: string, service: Big, exactSum: Big): ReconciliationCheck {
  const digits = fiatFractionDigits(code);
  const inCents = digits < 2 ? [roundHalfUp(exactSum, 2)] : [];
  return check(`currency:${code}`, service, roundHalfUp(exactSum, digits), ...inCents);
}

function endUnknownReason(date: string, paid: PaidSum): string {
  const usd = formatUSD(roundUsd(paid.usd.exact));
  const invoices = `${counted(paid.count, 'paid invoice')} (${usd}) ${paid.count === 1 ? 'lies' : 'lie'}`;
  return (
    `The service lists no figure for ${formatDay(shiftUtcDay(date, 1))}, so it does not say where ` +
    `${formatDay(date)} ends (a day may last 23, 24 or 25 hours), and ${invoices} in the hours ` +
    'that belong to one or the other.'
  );
}

/**
 * Each listed day, and each unlisted one with paid invoices; unchecked: a day of unknown end with invoices
 * in its last two possible hours, and all when the figures do not say consistently where days begin.
 */
function dayChecks(statistics: InvoiceStatistics, ledger: WindowLedger) {
  const { reading, placed } = ledger.days();
  const checks: ReconciliationCheck[] = [];
  const notChecked: UncheckedCheck[] = [];
  if (!reading.ok) {
    const reason = `The service's days cannot be told apart: ${reading.problem}.`;
    return { checks, notChecked: [{ name: 'day:*', reason }] };
  }
  // The days were read from the first answer: statistics asked for again may leave one out (0), or
  // list one it left out (its first invoice was paid meanwhile).
  const dayCheck = (
    date: string,
    usd: UsdTotal,
    start: (figure?: { date: number }) => number | undefined,
  ) => {
    const { invoicesByDate } = statistics;
    const figure = Object.hasOwn(invoicesByDate, date) ? invoicesByDate[date] : undefined;
    const dayStart = start(figure);
    checks.push({
      ...usdCheck(`day:${date}`, figure === undefined ? ZERO : new Big(figure.value), usd),
      dayStart: dayStart === undefined ? null : new Date(dayStart).toISOString(),
    });
  };
  for (const day of reading.days.days) {
    const uncertain = placed['end-unknown'].get(day.date);
    if (uncertain !== undefined)
      notChecked.push({ name: `day:${day.date}`, reason: endUnknownReason(day.date, uncertain) });
    else dayCheck(day.date, placed.listed.get(day.date)?.usd ?? NO_USD, () => day.start);
  }
  for (const [date, paid] of placed.unlisted) dayCheck(date, paid.usd, (later) => later?.date);
  checks.sort((a, b) => compareText(a.name, b.name));
  return { checks, notChecked };
}

/**
 * A reconciliation that did not agree, made again against statistics asked for after the lists (an invoice
 * may be paid meanwhile): a check agrees with either answer; a listed figure between the two is unchecked.
 */
export function reconcileOverRead(before: Reconciliation, after: Reconciliation): Reconciliation {
  const earlier = new Map(before.checks.map((check) => [check.name, check]));
  const checks: ReconciliationCheck[] = [];
  const moved: UncheckedCheck[] = [];
  for (const check of after.checks) {
    const first = earlier.get(check.name);
    // Only the same comparison made twice (a currency compared in the same unit) is judged over both.
    const again = !check.ok && first !== undefined && first.computed.eq(check.computed);
    const { computed } = check;
    if (!again || first.ok || computed.minus(first.service).times(computed.minus(check.service)).gt(0)) {
      checks.push(again && first.ok ? first : check);
      continue;
    }
    // Between the two answers. In the check's own unit, as the checks table writes its figures.
    const unit = after.currencyUnit ?? 'fiat';
    const [was, now] = [describeCheck(first, unit), describeCheck(check, unit)];
    moved.push({
      name: check.name,
      reason: `The service's figure changed while its invoices were listed, from ${was.service} to ${now.service}; the listed ${now.computed} lies between the two.`,
    });
  }
  return {
    ...after,
    ok: checks.every((check) => check.ok),
    checks,
    notChecked: [...after.notChecked, ...moved],
  };
}
