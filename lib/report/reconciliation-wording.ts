import { TZDate } from '@date-fns/tz';
import type Big from 'big.js';
import { format } from 'date-fns/format';
import { entryOf } from './collections';
import {
  counted,
  formatCount,
  formatDates,
  formatDay,
  formatDecimal,
  formatFiat,
  formatFiatChange,
  formatUSD,
  isolated,
  type ProjectNames,
  projectLabel,
} from './format';
import type {
  CurrencyUnit,
  Reconciliation,
  ReconciliationCheck,
  ReportSummary,
  UncheckedCheck,
} from './model';
import { periodTitle } from './period-words';

/** The reconciliation in words for the page, the email, its text and the command line. */

/** Differing checks (and mis-paid invoices) an email lists: under Gmail's cut (102 KB); the page has all. */
export const DIFFERENCES_LISTED = 10;

/** The spec does not say which unit the service totals `invoicesByCurrencies` in: `reconcile` finds out. */
export const currencyCheckUnit = (reconciliation: Reconciliation): CurrencyUnit =>
  reconciliation.currencyUnit ?? 'fiat';

/** `Paid total`, `Project Web shop (3f2a9c1e)` (and the full id), `Paid in EUR`, `14 Oct 2026 (…)`. */
function checkLabel(
  name: string,
  currencyUnit: CurrencyUnit,
  names: ProjectNames,
  dayStart?: string | null,
): { label: string; fullId?: string } {
  const { kind, key } = splitName(name);
  if (name === 'paidCount') return { label: 'Paid invoices' };
  if (name === 'paidTotalUSD') return { label: 'Paid total' };
  if (kind === 'project' && key) return { label: `Project ${projectLabel(names, key)}`, fullId: key };
  if (kind === 'currency' && key)
    return { label: `Paid in ${isolated(key)}${currencyUnit === 'usd' ? ' (in USD)' : ''}` };
  const day = checkDay(name);
  if (day !== undefined) return { label: dayLabel(day, dayStart) };
  return { label: name };
}

const splitName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? { kind: name, key: '' } : { kind: name.slice(0, colon), key: name.slice(colon + 1) };
};

const checkDay = (name: string): string | undefined => /^day:(\d{4}-\d{2}-\d{2})$/.exec(name)?.[1];

/** A day of the service's own cut, with where it begins (its days need not be the report's). */
function dayLabel(date: string, dayStart: string | null | undefined): string {
  if (dayStart === null) return `${formatDay(date)} (a day the service's figures leave out)`;
  if (dayStart === undefined) return `${formatDay(date)} (service day)`;
  const start = new TZDate(dayStart, 'UTC');
  const onDay = format(start, 'yyyy-MM-dd') === date ? '' : format(start, " 'on' d MMM");
  return `${formatDay(date)} (service day from ${format(start, 'HH:mm')} UTC${onDay})`;
}

/** By the check's stable name; an unknown name is shown as it is, in USD. */
export function describeCheck(
  check: ReconciliationCheck,
  currencyUnit: CurrencyUnit = 'fiat',
  names: ProjectNames = {},
) {
  const name = checkLabel(check.name, currencyUnit, names, check.dayStart);
  const unit = checkFigureUnit(check.name, currencyUnit);
  const currency = unit.kind === 'fiat' ? unit.currency : 'USD';
  const figure = (value: Big) => (unit.kind === 'count' ? formatDecimal(value) : formatFiat(value, currency));
  const change = (value: Big) =>
    unit.kind !== 'count'
      ? formatFiatChange(value, currency)
      : `${value.gt(0) ? '+' : ''}${formatDecimal(value)}`;
  return {
    ...name,
    service: figure(check.service),
    computed: figure(check.computed),
    difference: change(check.difference),
  };
}

/** `currency:<code>` is in that currency when the service's figures are; others count or are USD. */
export function checkFigureUnit(
  name: string,
  currencyUnit: CurrencyUnit = 'fiat',
): { kind: 'count' } | { kind: 'fiat'; currency: string } | { kind: 'usd' } {
  if (name === 'paidCount') return { kind: 'count' };
  const { kind, key } = splitName(name);
  return kind === 'currency' && key && currencyUnit === 'fiat'
    ? { kind: 'fiat', currency: key }
    : { kind: 'usd' };
}

/** As a check of that name, or `Per currency`, `Per day` for a group. */
export function uncheckedLabel(name: string, names: ProjectNames = {}): string {
  if (name === 'currency:*') return 'Per currency';
  if (name === 'day:*') return 'Per day';
  return checkLabel(name, 'fiat', names).label;
}

/** `the invoices it lists`, or `the invoices of project Web shop (3f2a9c1e) it lists` with a project. */
function listedInvoices(summary: ReportSummary): string {
  return summary.projectId === null
    ? 'the invoices it lists'
    : `the invoices of project ${projectLabel(summary.projectNames, summary.projectId)} it lists`;
}

/**
 * `The service's figures for the dates 30 Sep 2026 – 2 Nov 2026 as it reads them, against the invoices it
 * lists for the same dates: 66 paid, 33,031.93 USD, of which 60 and 31,296.28 USD fall in October 2026 …`
 */
export function reconciliationWindow(summary: ReportSummary, headline: 'above' | 'below'): string {
  const { window, listed } = summary.reconciliation;
  const { invoices } = summary;
  return (
    `The service's figures for the dates ${formatDates(window)} as it reads them, against ` +
    `${listedInvoices(summary)} for the same dates: ${formatCount(listed.paid)} paid, ` +
    `${formatUSD(listed.paidTotalUSD)}, of which ${formatCount(invoices.paid)} and ` +
    `${formatUSD(invoices.paidTotalUSD)} fall in ${periodTitle(summary.period)} in ${summary.period.timezone} (the figures ${headline}).`
  );
}

/** Why the window is wider than the period, and why that cannot make a difference appear. */
export function reconciliationReason(summary: ReportSummary): string {
  const period = periodTitle(summary.period);
  return (
    `The dates reach past ${period} on both sides because the service does not say in which time zone it ` +
    `reads them or whether the end date counts; the report keeps to ${period} by each invoice's own time. ` +
    'Asked the same dates, the statistics and the list share whatever reading the service has, so a ' +
    'difference is one in its own figures.'
  );
}

export function reconciliationScope(summary: ReportSummary): string {
  const compared =
    summary.projectId === null
      ? "Compared: paid invoices and paid total, per project, per currency, and per day where the service's figures say where the day begins and ends."
      : "Compared: this project's paid total only, since the statistics cover every project.";
  return `${compared} Differences up to 0.01 count as agreement.`;
}

/** Beyond this many, a sentence counts the days (the panel lists every check not made). */
const DAYS_NAMED = 3;

const inList = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** `; 1 more, for 1 Nov 2026, could not be made exactly`: days named when few (often outside the period). */
function notMadeInWords(notChecked: readonly UncheckedCheck[]): string {
  if (notChecked.length === 0) return '';
  const days = notChecked.map((unchecked) => checkDay(unchecked.name));
  const named =
    days.length <= DAYS_NAMED && days.every((day) => day !== undefined)
      ? `, for ${inList.format(days.map(formatDay))},`
      : '';
  return `; ${formatCount(notChecked.length)} more${named} could not be made exactly`;
}

/** `The service's statistics for the dates … agree with the invoices it lists for … (45 checks).` */
export function reconciliationOutcome(summary: ReportSummary): string {
  const { checks: made, notChecked, ok, window } = summary.reconciliation;
  const failing = made.filter((check) => !check.ok).length;
  const dates = `for the dates ${formatDates(window)}`;
  const listed = `${listedInvoices(summary)} for those dates`;
  const unmade = notMadeInWords(notChecked);
  if (ok && failing === 0) {
    const agreeing = unmade === '' ? '' : made.length === 1 ? ' agrees' : ' agree';
    return `The service's statistics ${dates} agree with ${listed} (${counted(made.length, 'check')}${agreeing}${unmade}).`;
  }
  if (failing === 0) return 'The reconciliation did not pass. Check the figures before relying on them.';
  return `${formatCount(failing)} of ${counted(made.length, 'check')} ${differVerb(failing)} by more than 0.01 between the service's statistics ${dates} and ${listed}${unmade}.`;
}

/**
 * The outcome to show first, `✓` when every check agrees and `⚠` otherwise, with the differing checks to list
 * (the first `atMost`) and how many more differ.
 */
export function reconciliationStatus(summary: ReportSummary, atMost = Number.POSITIVE_INFINITY) {
  const differing = summary.reconciliation.checks.filter((check) => !check.ok);
  const ok = summary.reconciliation.ok && differing.length === 0;
  const listed = differing.slice(0, atMost);
  return {
    ok,
    mark: ok ? '✓' : '⚠',
    outcome: reconciliationOutcome(summary),
    listed,
    hidden: differing.length - listed.length,
  };
}

export const differVerb = (count: number): string => (count === 1 ? 'differs' : 'differ');

/** The checks not made, grouped by reason: `Per currency, Per day: The statistics …`. */
export function uncheckedInWords(notChecked: readonly UncheckedCheck[], names: ProjectNames = {}) {
  const byReason = new Map<string, string[]>();
  for (const { name, reason } of notChecked)
    entryOf(byReason, reason, () => []).push(uncheckedLabel(name, names));
  return [...byReason].map(([reason, labels]) => ({ labels: labels.join(', '), reason }));
}
