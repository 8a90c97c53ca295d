import Big from 'big.js';
import type { InvoiceStatistics } from '../invoicing';
import type { DateRange } from './collect-ranges';
import type { CurrencyUnit, Reconciliation, ReconciliationCheck, UncheckedCheck } from './model';
import { roundUsd, ZERO } from './money';
import { countCheck, fiatCheck, usdCheck } from './reconcile-checks';
import { dayChecks } from './reconcile-day-checks';
import { NO_USD, type PaidTotals, type UsdTotal, type WindowLedger } from './reconcile-ledger';

export interface ReconcileInput {
  statistics: InvoiceStatistics;
  /** The dates both the statistics and the invoice list were asked for. */
  window: DateRange;
  /** The paid invoices the list returned for the window. */
  ledger: WindowLedger;
  /** The project the list was asked for: the statistics take none, so only its total can be compared. */
  projectId?: string;
}

/** Why, with a project, the checks other than the project's are not made. */
const ONE_PROJECT_ONLY =
  'The statistics cover every project, and the invoices were listed for this project only.';

/** The service's figure under `key`, 0 when absent (own members only: a code may be `constructor`). */
const amountOf = (values: Record<string, string>, key: string): Big =>
  new Big(Object.hasOwn(values, key) ? values[key]! : '0');
const totalOf = (totals: Map<string, Big>, key: string): Big => totals.get(key) ?? ZERO;
const usdOf = (totals: Map<string, UsdTotal>, key: string): UsdTotal => totals.get(key) ?? NO_USD;
const sortedUnion = (a: Iterable<string>, b: Iterable<string>): string[] => [...new Set([...a, ...b])].sort();

const projectCheck = (statistics: InvoiceStatistics, listed: PaidTotals, id: string): ReconciliationCheck =>
  usdCheck(`project:${id}`, amountOf(statistics.invoicesByProjects, id), usdOf(listed.usdByProject, id));

/**
 * The check of the one project a report was asked for, found on each side whatever the case of its id
 * (a UUID's case means nothing): the id may have been typed in small letters where the service writes
 * capitals, and each side may then hold it under the service's spelling.
 */
function askedProjectCheck(
  statistics: InvoiceStatistics,
  listed: PaidTotals,
  id: string,
): ReconciliationCheck {
  const wanted = id.toLowerCase();
  const sameProject = (key: string) => key.toLowerCase() === wanted;
  const service = Object.keys(statistics.invoicesByProjects)
    .filter(sameProject)
    .reduce((sum, key) => sum.plus(amountOf(statistics.invoicesByProjects, key)), ZERO);
  const computed = [...listed.usdByProject]
    .filter(([key]) => sameProject(key))
    .reduce(
      (sum, [, usd]) => ({ exact: sum.exact.plus(usd.exact), ofCents: sum.ofCents.plus(usd.ofCents) }),
      NO_USD,
    );
  return usdCheck(`project:${id}`, service, computed);
}

/**
 * `invoicesByCurrencies` against the sum of `amountFiat` per currency, or against the sum of
 * `amountFiatUSD` per currency when more currencies agree so: the service evidently totals in USD. Not
 * only when every currency agrees in USD: one currency with a real difference would otherwise have every
 * other currency compared in its own unit, each showing a difference that the USD reading does not have
 * (`1500 JPY` against `10.05`). A tie stays with the currencies' own units.
 */
function currencyChecks(
  statistics: InvoiceStatistics,
  listed: PaidTotals,
): { unit: CurrencyUnit; checks: ReconciliationCheck[] } {
  const currencies = sortedUnion(Object.keys(statistics.invoicesByCurrencies), listed.fiatByCurrency.keys());
  const service = (code: string) => amountOf(statistics.invoicesByCurrencies, code);
  const inFiat = currencies.map((code) =>
    fiatCheck(code, service(code), totalOf(listed.fiatByCurrency, code)),
  );
  const inUsd = currencies.map((code) =>
    usdCheck(`currency:${code}`, service(code), usdOf(listed.usdByCurrency, code)),
  );
  const agreeing = (checks: ReconciliationCheck[]) => checks.filter((check) => check.ok).length;
  const unit = agreeing(inUsd) > agreeing(inFiat) ? 'usd' : 'fiat';
  return { unit, checks: unit === 'usd' ? inUsd : inFiat };
}

/**
 * Compares the statistics endpoint's figures with what the invoice list returned for the same window
 * (the same `startDate` and `endDate`): whatever the service does with those dates (a zone, an end date
 * included or not), it does on both sides, so a difference is one in the service's own figures. Computed
 * sides are exact sums, rounded once (USD to cents, a currency to its minor unit). Every check is
 * returned, agreeing or not, and every check that cannot be made exactly is named with its reason.
 *
 * Checks: `paidCount`, `paidTotalUSD`, `project:<id>` and `currency:<code>` for every key on either side,
 * and `day:<YYYY-MM-DD>` for the days the service's per-day figures establish (see `dayChecks`). With a
 * project, only `project:<id>` for that project.
 */
export function reconcile(input: ReconcileInput): Reconciliation {
  const { statistics, ledger, projectId } = input;
  const listed = ledger.totals();
  const checks: ReconciliationCheck[] = [];
  const notChecked: UncheckedCheck[] = [];
  let currencyUnit: CurrencyUnit | null = null;
  if (projectId !== undefined) {
    checks.push(askedProjectCheck(statistics, listed, projectId));
    for (const name of ['paidCount', 'paidTotalUSD', 'currency:*', 'day:*']) {
      notChecked.push({ name, reason: ONE_PROJECT_ONLY });
    }
  } else {
    checks.push(countCheck('paidCount', statistics.invoicesPaidNum, listed.count));
    checks.push(usdCheck('paidTotalUSD', new Big(statistics.invoicesTotalUSD), listed.usd));
    for (const id of sortedUnion(Object.keys(statistics.invoicesByProjects), listed.usdByProject.keys())) {
      checks.push(projectCheck(statistics, listed, id));
    }
    const currencies = currencyChecks(statistics, listed);
    currencyUnit = currencies.unit;
    checks.push(...currencies.checks);
    const days = dayChecks(statistics, ledger);
    checks.push(...days.checks);
    notChecked.push(...days.notChecked);
  }
  return {
    ok: checks.every((check) => check.ok),
    window: { startDate: input.window.startDate, endDate: input.window.endDate },
    listed: { paid: listed.count, paidTotalUSD: roundUsd(listed.usd.exact) },
    checks,
    notChecked,
    currencyUnit,
    statistics: { invoicesTotalNum: statistics.invoicesTotalNum },
  };
}
