import { formatCount, formatDates, formatDay, formatUSD } from './format';
import type { ReportSummary, UncheckedCheck } from './model';
import { periodTitle } from './period-words';
import { type ProjectNames, projectLabel } from './project-names';
import { checkDay, uncheckedLabel } from './reconciliation-check';

/**
 * The reconciliation in sentences, written once for the page, the email, its text alternative and the
 * command line: what it compares (the window of dates sent to the service, as the service reads them)
 * and how its figures relate to the report's own (the period's, by each invoice's own time).
 */

const checks = (count: number) => `${formatCount(count)} ${count === 1 ? 'check' : 'checks'}`;

/**
 * The report's period as its headline figures cover it: `October 2026 in Europe/Berlin`, `Q4 2026 in
 * UTC`; a period not ended: `November 2026 so far in Europe/Berlin`.
 */
function periodInWords(summary: ReportSummary): string {
  return `${periodTitle(summary.period)} in ${summary.period.timezone}`;
}

/** `the invoices it lists`, or `the invoices of project Web shop (3f2a9c1e) it lists` with a project. */
function listedInvoices(summary: ReportSummary): string {
  return summary.projectId === null
    ? 'the invoices it lists'
    : `the invoices of project ${projectLabel(summary.projectNames, summary.projectId)} it lists`;
}

/**
 * What is compared, with both sets of figures named: `The service's figures for the dates 30 Sep 2026 –
 * 2 Nov 2026 as it reads them, against the invoices it lists for the same dates: 66 paid, 33,031.93 USD,
 * of which 60 and 31,296.28 USD fall in October 2026 in Europe/Berlin (the figures above).`
 * @param headline where the report's own figures stand relative to this sentence
 */
export function reconciliationWindow(summary: ReportSummary, headline: 'above' | 'below'): string {
  const { window, listed } = summary.reconciliation;
  const { invoices } = summary;
  return (
    `The service's figures for the dates ${formatDates(window)} as it reads them, against ` +
    `${listedInvoices(summary)} for the same dates: ${formatCount(listed.paid)} paid, ` +
    `${formatUSD(listed.paidTotalUSD)}, of which ${formatCount(invoices.paid)} and ` +
    `${formatUSD(invoices.paidTotalUSD)} fall in ${periodInWords(summary)} (the figures ${headline}).`
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

/** What is compared. */
export function reconciliationScope(summary: ReportSummary): string {
  const compared =
    summary.projectId === null
      ? "Compared: paid invoices and paid total, per project, per currency, and per day where the service's figures say where the day begins and ends."
      : "Compared: this project's paid total only, since the statistics cover every project.";
  return `${compared} Differences up to 0.01 count as agreement.`;
}

/** The most days a sentence names one by one; beyond them it counts (the panel lists every check not made). */
const DAYS_NAMED = 3;

const inList = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/**
 * The checks not made, after those made: `; 1 more, for 1 Nov 2026, could not be made exactly`; empty
 * when there are none. `more` keeps them apart from the count before it. Days are named when they are all
 * there is (up to three): the window reaches past the period, so such a day is often outside it, and its
 * date shows the reader so where a count alone would not.
 */
function notMadeInWords(notChecked: readonly UncheckedCheck[]): string {
  if (notChecked.length === 0) return '';
  const days = notChecked.map((unchecked) => checkDay(unchecked.name));
  const named =
    days.length <= DAYS_NAMED && days.every((day) => day !== undefined)
      ? `, for ${inList.format(days.map(formatDay))},`
      : '';
  return `; ${formatCount(notChecked.length)} more${named} could not be made exactly`;
}

/**
 * The outcome in one sentence: `The service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 agree
 * with the invoices it lists for those dates (45 checks).`, with the checks not made after those that
 * agree (`(41 checks agree; 1 more, for 1 Nov 2026, could not be made exactly)`), or how many differ.
 */
export function reconciliationOutcome(summary: ReportSummary): string {
  const { checks: made, notChecked, ok, window } = summary.reconciliation;
  const failing = made.filter((check) => !check.ok).length;
  const dates = `for the dates ${formatDates(window)}`;
  const listed = `${listedInvoices(summary)} for those dates`;
  const unmade = notMadeInWords(notChecked);
  if (ok && failing === 0) {
    const agreeing = unmade === '' ? '' : made.length === 1 ? ' agrees' : ' agree';
    return `The service's statistics ${dates} agree with ${listed} (${checks(made.length)}${agreeing}${unmade}).`;
  }
  if (failing === 0) return 'The reconciliation did not pass. Check the figures before relying on them.';
  return `${formatCount(failing)} of ${checks(made.length)} ${differVerb(failing)} by more than 0.01 between the service's statistics ${dates} and ${listed}${unmade}.`;
}

/** `differs` for one check, `differ` for any other count of them. */
export const differVerb = (count: number): string => (count === 1 ? 'differs' : 'differ');

/** The checks not made, those with the same reason together: `Per currency, Per day: The statistics …`. */
export function uncheckedInWords(
  notChecked: readonly UncheckedCheck[],
  names: ProjectNames = {},
): { labels: string; reason: string }[] {
  const byReason = new Map<string, string[]>();
  for (const { name, reason } of notChecked) {
    const labels = byReason.get(reason) ?? [];
    labels.push(uncheckedLabel(name, names));
    byReason.set(reason, labels);
  }
  return [...byReason].map(([reason, labels]) => ({ labels: labels.join(', '), reason }));
}
