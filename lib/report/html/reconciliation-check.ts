import { TZDate } from '@date-fns/tz';
import Big from 'big.js';
import { format } from 'date-fns/format';
import {
  formatDay,
  formatDecimal,
  formatFiat,
  formatFiatChange,
  formatUSD,
  formatUSDChange,
} from '../format';
import type { CurrencyUnit, Reconciliation, ReconciliationCheck } from '../model';
import { type ProjectNames, projectLabel } from '../project-names';

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
    return { label: `Paid in ${key}${currencyUnit === 'usd' ? ' (in USD)' : ''}` };
  if (kind === 'day' && DAY.test(key)) return { label: dayLabel(key, dayStart) };
  return { label: name };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

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
  const [kind, ...rest] = check.name.split(':');
  const code = rest.join(':');
  if (check.name === 'paidCount') {
    return {
      ...name,
      service: formatDecimal(check.service),
      computed: formatDecimal(check.computed),
      difference: signedCount(new Big(check.difference)),
    };
  }
  if (kind === 'currency' && code && currencyUnit === 'fiat') {
    return {
      ...name,
      service: formatFiat(check.service, code),
      computed: formatFiat(check.computed, code),
      difference: formatFiatChange(check.difference, code),
    };
  }
  return {
    ...name,
    service: formatUSD(check.service),
    computed: formatUSD(check.computed),
    difference: formatUSDChange(check.difference),
  };
}

/** What a check that was not made is called: as a check of that name, or `Per currency`, `Per day` for a group. */
export function uncheckedLabel(name: string, names: ProjectNames = {}): string {
  if (name === 'currency:*') return 'Per currency';
  if (name === 'day:*') return 'Per day';
  return checkLabel(name, 'fiat', names).label;
}
