import Big from 'big.js';
import { fiatFractionDigits } from '../fiat-fraction-digits';
import type { InvoiceStatistics } from '../invoicing';
import { shiftUtcDay } from '../period';
import type { DateRange } from './collect-ranges';
import type { CurrencyUnit, MarginCoverage, Reconciliation, ReconciliationCheck } from './model';
import { roundHalfUp, roundUsd, ZERO } from './money';
import {
  addPaidTotals,
  emptyPaidTotals,
  type PaidDay,
  type PaidDayLedger,
  type PaidTotals,
} from './reconcile-ledger';

/** The most a money check's two sides may differ by and still agree. */
export const TOLERANCE = new Big('0.01');

export interface ReconcileInput {
  statistics: InvoiceStatistics;
  /** The range the statistics were asked for. */
  statisticsRange: DateRange;
  /** The UTC days the month's instants touch. */
  days: readonly string[];
  ledger: PaidDayLedger;
  /** With a project filter only that project's total is compared: the statistics cover every project. */
  projectId?: string;
}

/** The service's figure under `key`, 0 when absent (own members only: a code may be `constructor`). */
const amountOf = (values: Record<string, string>, key: string): Big =>
  new Big(Object.hasOwn(values, key) ? values[key]! : '0');
const serviceDayOf = (statistics: InvoiceStatistics, date: string) =>
  Object.hasOwn(statistics.invoicesByDate, date) ? statistics.invoicesByDate[date] : undefined;
const agrees = (a: Big, b: Big): boolean => a.minus(b).abs().lte(TOLERANCE);

/** In order of preference when several match (a day without midnight invoices matches the first two). */
const MARGIN_COVERAGES: readonly MarginCoverage[] = ['whole-day', 'after-midnight', 'midnight-only', 'none'];

function coveredPart(day: PaidDay, coverage: MarginCoverage): PaidTotals {
  const totals = emptyPaidTotals();
  if (coverage === 'whole-day' || coverage === 'after-midnight') addPaidTotals(totals, day.wholeDay);
  if (coverage === 'after-midnight') addPaidTotals(totals, day.atMidnight, -1);
  if (coverage === 'midnight-only') addPaidTotals(totals, day.atMidnight);
  return totals;
}

/**
 * A margin day counts in only when `invoicesByDate` has it (if it does not, either the statistics left
 * it out or it had no paid invoices: leaving it out is right either way). When it has it, the part of
 * the day whose USD total matches the statistics' own figure for the day is counted in (a day listed
 * with 0 counts as none of it); that tells a `BETWEEN` on bare dates (midnight of `endDate` only) from
 * whole days.
 * With a project filter the ledger holds one project only and cannot match the day's total: the whole
 * day counts.
 */
function marginCoverage(input: ReconcileInput, date: string): MarginCoverage {
  const serviceDay = serviceDayOf(input.statistics, date);
  if (serviceDay === undefined) return 'none';
  if (input.projectId !== undefined) return 'whole-day';
  const day = input.ledger.day(date);
  const serviceValue = new Big(serviceDay.value);
  const matching = MARGIN_COVERAGES.find((coverage) =>
    agrees(serviceValue, roundUsd(coveredPart(day, coverage).usd)),
  );
  // Nothing matches: the service disagrees about that day itself; count it whole and let the checks show it.
  return matching ?? 'whole-day';
}

function moneyCheck(name: string, service: Big, computed: Big): ReconciliationCheck {
  const difference = service.minus(computed);
  return { name, service, computed, difference, ok: agrees(service, computed) };
}

/**
 * A currency total in the currency itself, rounded to its minor unit. For a currency whose minor unit is
 * coarser than a cent (JPY), a service may total unrounded (`1500.4`) or rounded (`1500`); the exact
 * sum rounded to cents is tried as well, so that neither reading cries wolf.
 */
function fiatCheck(code: string, service: Big, exactSum: Big): ReconciliationCheck {
  const name = `currency:${code}`;
  const digits = fiatFractionDigits(code);
  const inMinorUnit = moneyCheck(name, service, roundHalfUp(exactSum, digits));
  if (inMinorUnit.ok || digits >= 2) return inMinorUnit;
  const inCents = moneyCheck(name, service, roundHalfUp(exactSum, 2));
  return inCents.ok ? inCents : inMinorUnit;
}

function countCheck(name: string, service: number, computed: number): ReconciliationCheck {
  return {
    name,
    service: new Big(service),
    computed: new Big(computed),
    difference: new Big(service - computed),
    ok: service === computed,
  };
}

const totalOf = (totals: Map<string, Big>, key: string): Big => totals.get(key) ?? ZERO;
const sortedUnion = (a: Iterable<string>, b: Iterable<string>): string[] => [...new Set([...a, ...b])].sort();

/**
 * Compares the statistics endpoint's figures with what the itemised invoices add up to over the same
 * UTC days: the month's days (always covered by the statistics, which were asked for a day more on
 * either side) plus the margin days the statistics evidently cover. Computed sides are exact sums,
 * rounded once (USD to cents, a currency to its minor unit). Every check is returned, agreeing or not.
 *
 * Checks: `paidCount`, `paidTotalUSD`, `project:<id>` and `currency:<code>` for every key on either side,
 * `day:<YYYY-MM-DD>` for every day of `days`. With a project filter, only `project:<id>` for that project.
 *
 * `invoicesByCurrencies` is compared with the sum of `amountFiat` per currency; when that disagrees for
 * some currency while the sums of `amountFiatUSD` per currency agree for all of them, the service
 * evidently totals in USD, and USD is compared (`currencyUnit: 'usd'`).
 */
export function reconcile(input: ReconcileInput): Reconciliation {
  const { statistics, days, ledger, projectId } = input;
  const first = days[0]!;
  const last = days.at(-1)!;
  const marginDays = [shiftUtcDay(first, -1), shiftUtcDay(last, 1)].map((date) => ({
    date,
    coverage: marginCoverage(input, date),
  }));

  const covered = emptyPaidTotals();
  for (const date of days) addPaidTotals(covered, ledger.day(date).wholeDay);
  for (const margin of marginDays)
    addPaidTotals(covered, coveredPart(ledger.day(margin.date), margin.coverage));

  const checks: ReconciliationCheck[] = [];
  let currencyUnit: CurrencyUnit | null = null;
  if (projectId !== undefined) {
    checks.push(
      moneyCheck(
        `project:${projectId}`,
        amountOf(statistics.invoicesByProjects, projectId),
        roundUsd(totalOf(covered.usdByProject, projectId)),
      ),
    );
  } else {
    checks.push(countCheck('paidCount', statistics.invoicesPaidNum, covered.count));
    checks.push(moneyCheck('paidTotalUSD', new Big(statistics.invoicesTotalUSD), roundUsd(covered.usd)));
    for (const id of sortedUnion(Object.keys(statistics.invoicesByProjects), covered.usdByProject.keys())) {
      checks.push(
        moneyCheck(
          `project:${id}`,
          amountOf(statistics.invoicesByProjects, id),
          roundUsd(totalOf(covered.usdByProject, id)),
        ),
      );
    }
    const currencies = sortedUnion(
      Object.keys(statistics.invoicesByCurrencies),
      covered.fiatByCurrency.keys(),
    );
    const inFiat = currencies.map((code) =>
      fiatCheck(code, amountOf(statistics.invoicesByCurrencies, code), totalOf(covered.fiatByCurrency, code)),
    );
    const inUsd = currencies.map((code) =>
      moneyCheck(
        `currency:${code}`,
        amountOf(statistics.invoicesByCurrencies, code),
        roundUsd(totalOf(covered.usdByCurrency, code)),
      ),
    );
    currencyUnit = !inFiat.every((check) => check.ok) && inUsd.every((check) => check.ok) ? 'usd' : 'fiat';
    checks.push(...(currencyUnit === 'usd' ? inUsd : inFiat));
    for (const date of days) {
      checks.push(
        moneyCheck(
          `day:${date}`,
          new Big(serviceDayOf(statistics, date)?.value ?? '0'),
          roundUsd(ledger.day(date).wholeDay.usd),
        ),
      );
    }
  }

  return {
    ok: checks.every((check) => check.ok),
    days: [...days],
    checks,
    currencyUnit,
    marginDays,
    statistics: {
      startDate: input.statisticsRange.startDate,
      endDate: input.statisticsRange.endDate,
      invoicesTotalNum: statistics.invoicesTotalNum,
    },
  };
}
