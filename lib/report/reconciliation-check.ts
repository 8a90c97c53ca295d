import { TZDate } from '@date-fns/tz';
import Big from 'big.js';
import { format } from 'date-fns/format';
import { formatDay, formatDecimal, formatFiat, formatFiatChange, formatUSD, formatUSDChange } from './format';
import { isolated } from './isolated';
import type { CurrencyUnit, Reconciliation, ReconciliationCheck } from './model';
import { type ProjectNames, projectLabel } from './project-names';

/**
 * Differing checks (and mis-paid invoices) an email lists in one place before pointing at the full
 * report: a year whose every day differs would otherwise list 365 of them twice, past the size at
 * which a mail client cuts the message short (Gmail's 102 KB). The page lists every one.
 */
export const DIFFERENCES_LISTED = 10;

/** A reconciliation check worded for people. */
export interface CheckWording {
  /**
   * `Paid total`, `Project Web shop (3f2a9c1e)` (`Project 3f2a9c1e` without a name), `Paid in EUR`,
   * `14 Oct 2026 (service day from 22:00 UTC on 13 Oct)`.
   */
  label: string;
  /** The full identifier behind a short one in the label (a project's UUID). */
  fullId?: string;
  service: string;
  computed: string;
  difference: string;
}

function signedCount(value: Big): string {
  return value.gt(0) ? `+${formatDecimal(value)}` : formatDecimal(value);
}

/**
 * The unit of a reconciliation's `currency:` checks. The spec does not say in which unit the service
 * totals `invoicesByCurrencies`; `lib/report/reconcile` finds out and says so in `currencyUnit`.
 */
export function currencyCheckUnit(reconciliation: Reconciliation): CurrencyUnit {
  return reconciliation.currencyUnit === 'usd' ? 'usd' : 'fiat';
}

/** How a check is called, from its name (and, for a day, where the service's day begins). */
function checkLabel(
  name: string,
  currencyUnit: CurrencyUnit,
  names: ProjectNames,
  dayStart?: string | null,
): Pick<CheckWording, 'label' | 'fullId'> {
  const [kind, ...rest] = name.split(':');
  const key = rest.join(':');
  if (name === 'paidCount') return { label: 'Paid invoices' };
  if (name === 'paidTotalUSD') return { label: 'Paid total' };
  if (kind === 'project' && key) return { label: `Project ${projectLabel(names, key)}`, fullId: key };
  if (kind === 'currency' && key)
    return { label: `Paid in ${isolated(key)}${currencyUnit === 'usd' ? ' (in USD)' : ''}` };
  const day = checkDay(name);
  if (day !== undefined) return { label: dayLabel(day, dayStart) };
  return { label: name };
}

const DAY_CHECK = /^day:(\d{4}-\d{2}-\d{2})$/;

/** The date a check of one day is named by (`day:2026-11-01` gives `2026-11-01`); `undefined` for any other. */
export function checkDay(name: string): string | undefined {
  return DAY_CHECK.exec(name)?.[1];
}

/**
 * A day of the service's own cut, with where it begins (its days need not be the report's):
 * `14 Oct 2026 (service day from 22:00 UTC on 13 Oct)`, `(service day from 00:00 UTC)`; a day its
 * figures leave out says so.
 */
function dayLabel(date: string, dayStart: string | null | undefined): string {
  if (dayStart === null) return `${formatDay(date)} (a day the service's figures leave out)`;
  if (dayStart === undefined) return `${formatDay(date)} (service day)`;
  const start = new TZDate(dayStart, 'UTC');
  const onDay = format(start, 'yyyy-MM-dd') === date ? '' : format(start, " 'on' d MMM");
  return `${formatDay(date)} (service day from ${format(start, 'HH:mm')} UTC${onDay})`;
}

/**
 * The label and figures of a check, by its stable name (`paidCount`, `paidTotalUSD`,
 * `project:<uuid>`, `currency:<code>`, `day:<YYYY-MM-DD>`); an unknown name is shown as it is, in USD.
 * A project is named by `names` where it has a name.
 */
export function describeCheck(
  check: ReconciliationCheck,
  currencyUnit: CurrencyUnit = 'fiat',
  names: ProjectNames = {},
): CheckWording {
  const name = checkLabel(check.name, currencyUnit, names, check.dayStart);
  const unit = checkFigureUnit(check.name, currencyUnit);
  if (unit.kind === 'count') {
    return {
      ...name,
      service: formatDecimal(check.service),
      computed: formatDecimal(check.computed),
      difference: signedCount(new Big(check.difference)),
    };
  }
  if (unit.kind === 'fiat') {
    return {
      ...name,
      service: formatFiat(check.service, unit.currency),
      computed: formatFiat(check.computed, unit.currency),
      difference: formatFiatChange(check.difference, unit.currency),
    };
  }
  return {
    ...name,
    service: formatUSD(check.service),
    computed: formatUSD(check.computed),
    difference: formatUSDChange(check.difference),
  };
}

/** What a check's figures are: invoices counted, amounts of one fiat currency, or USD. */
export type CheckFigureUnit = { kind: 'count' } | { kind: 'fiat'; currency: string } | { kind: 'usd' };

/**
 * The unit of a check's figures, by its stable name: `paidCount` counts invoices; `currency:<code>` is in
 * that currency when the service's per-currency figures are in fiat; everything else (an unknown name
 * too) is USD.
 */
export function checkFigureUnit(name: string, currencyUnit: CurrencyUnit = 'fiat'): CheckFigureUnit {
  if (name === 'paidCount') return { kind: 'count' };
  const [kind, ...rest] = name.split(':');
  const currency = rest.join(':');
  return kind === 'currency' && currency && currencyUnit === 'fiat'
    ? { kind: 'fiat', currency }
    : { kind: 'usd' };
}

/** What a check that was not made is called: as a check of that name, or `Per currency`, `Per day` for a group. */
export function uncheckedLabel(name: string, names: ProjectNames = {}): string {
  if (name === 'currency:*') return 'Per currency';
  if (name === 'day:*') return 'Per day';
  return checkLabel(name, 'fiat', names).label;
}
