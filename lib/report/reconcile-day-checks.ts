import Big from 'big.js';
import type { InvoiceStatistics } from '../invoicing';
import { shiftUtcDay } from '../period';
import { formatCount, formatDay, formatUSD } from './format';
import type { ReconciliationCheck, UncheckedCheck } from './model';
import { roundUsd, ZERO } from './money';
import { usdCheck } from './reconcile-checks';
import { NO_USD, type WindowLedger } from './reconcile-ledger';

/** The statistics' figure for a day (`YYYY-MM-DD`), or `undefined` when they leave the day out. */
function dayFigure(statistics: InvoiceStatistics, date: string) {
  return Object.hasOwn(statistics.invoicesByDate, date) ? statistics.invoicesByDate[date] : undefined;
}

/**
 * The per-day checks: each day the statistics list, against the window's paid invoices created between
 * that day's start (its `date`) and the next day's, and each day they leave out that the list has paid
 * invoices on (a real difference: the service's figure for it is 0, unless statistics asked for once the
 * lists were read list it).
 *
 * A day whose next day is not listed may be 23, 24 or 25 hours long: it is checked when no paid invoice
 * lies in its last two possible hours, and otherwise left unchecked with the reason, as are all days when
 * the per-day figures do not say consistently where days begin.
 */
export function dayChecks(
  statistics: InvoiceStatistics,
  ledger: WindowLedger,
): { checks: ReconciliationCheck[]; notChecked: UncheckedCheck[] } {
  const { reading, placed } = ledger.days();
  if (!reading.ok) {
    return {
      checks: [],
      notChecked: [{ name: 'day:*', reason: `The service's days cannot be told apart: ${reading.problem}.` }],
    };
  }
  const checks: ReconciliationCheck[] = [];
  const notChecked: UncheckedCheck[] = [];
  for (const day of reading.days.list()) {
    const name = `day:${day.date}`;
    const uncertain = placed['end-unknown'].get(day.date);
    if (uncertain !== undefined) {
      const usd = formatUSD(roundUsd(uncertain.usd.exact));
      const invoices =
        uncertain.count === 1
          ? `1 paid invoice (${usd}) lies`
          : `${formatCount(uncertain.count)} paid invoices (${usd}) lie`;
      notChecked.push({
        name,
        reason:
          `The service lists no figure for ${formatDay(shiftUtcDay(day.date, 1))}, so it does not say where ` +
          `${formatDay(day.date)} ends (a day may last 23, 24 or 25 hours), and ${invoices} in the hours ` +
          'that belong to one or the other.',
      });
      continue;
    }
    // The days were read from the first answer; statistics asked for again may leave one out (0).
    const listed = dayFigure(statistics, day.date);
    const service = listed === undefined ? ZERO : new Big(listed.value);
    const computed = placed.listed.get(day.date)?.usd ?? NO_USD;
    checks.push({ ...usdCheck(name, service, computed), dayStart: new Date(day.start).toISOString() });
  }
  for (const [date, paid] of placed.unlisted) {
    // The days were read from the first answer. Statistics asked for again once the lists were read
    // may list a day the first left out (its first invoice was paid meanwhile): that is its figure.
    const later = dayFigure(statistics, date);
    const service = later === undefined ? ZERO : new Big(later.value);
    const dayStart = later === undefined ? null : new Date(later.date).toISOString();
    checks.push({ ...usdCheck(`day:${date}`, service, paid.usd), dayStart });
  }
  checks.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { checks, notChecked };
}
