import type { ReportSummary } from '../../report';
import { formatCount, formatUSD, isolated, periodHeading, projectLabel, truncateText } from '../../report';

/** Text for a single line (a subject, a title line): control characters and runs of spaces become one space. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ').trim();
}

/** Longest account or project name kept in a subject, so the figures stay visible in an inbox list. */
const NAME_SHOWN = 40;

/**
 * The email's subject, the figures at a glance: `Acme · October 2026 · 81,119.92 USD from 1,234 paid
 * invoices`, with the project a report is limited to and `· figures differ` when they do. A name that is
 * not plain ASCII is set apart (`isolated`), so that it keeps the rest of the subject in its order.
 */
export function reportSubject(summary: ReportSummary): string {
  const account = summary.account === null ? '' : truncateText(oneLine(summary.account), NAME_SHOWN);
  const parts = [account ? isolated(account) : 'Invoice report', periodHeading(summary.period)];
  if (summary.projectId !== null) {
    const label = projectLabel(summary.projectNames, summary.projectId, (name) =>
      isolated(truncateText(oneLine(name), NAME_SHOWN)),
    );
    parts.push(`project ${oneLine(label)}`);
  }
  const { paid, paidTotalUSD } = summary.invoices;
  parts.push(
    paid === 0
      ? 'no paid invoices'
      : `${formatUSD(paidTotalUSD)} from ${formatCount(paid)} paid ${paid === 1 ? 'invoice' : 'invoices'}`,
  );
  if (!summary.reconciliation.ok) parts.push('figures differ');
  return parts.join(' · ');
}
