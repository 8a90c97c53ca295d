import type { Report, ReportSummary } from '../../report';
import {
  comparisonWords,
  currencyCheckUnit,
  DIFFERENCES_LISTED,
  describeCheck,
  formatCount,
  formatCrypto,
  formatPeriod,
  formatServiceDatetime,
  formatUSD,
  formatUSDChange,
  isolated,
  monthTitle,
  periodHeading,
  periodTitle,
  projectLabel,
  reconciliationOutcome,
  reconciliationWindow,
  truncateText,
  unmatchedInWords,
} from '../../report';
import { headlineFigures, mispaidInWords, provenance, reportName, WHY_USD_ONLY } from '../page-kit';
import { csvDescriptions } from './csv-descriptions';
import { checkEmailOptions, type ReportEmailOptions } from './email-options';
import { oneLine } from './one-line';

function reconciliationLines(report: Report): string[] {
  const { summary } = report;
  const { checks, ok } = summary.reconciliation;
  const failing = checks.filter((check) => !check.ok);
  if (ok && failing.length === 0) return [`✓ ${reconciliationOutcome(summary)}`];
  const lines = [`⚠ ${reconciliationOutcome(summary)}`];
  if (failing.length === 0) return lines;
  lines.push(
    ...failing.slice(0, DIFFERENCES_LISTED).map((check) => {
      const wording = describeCheck(check, currencyCheckUnit(summary.reconciliation), summary.projectNames);
      return `- ${oneLine(wording.label)}: service's figure ${wording.service}, its listed invoices ${wording.computed}, difference ${wording.difference}`;
    }),
  );
  if (failing.length > DIFFERENCES_LISTED) {
    lines.push(`- and ${formatCount(failing.length - DIFFERENCES_LISTED)} more in the full report`);
  }
  lines.push(reconciliationWindow(summary, 'below'));
  return lines;
}

/** A quarter's or a year's paid figures per month, as lines; nothing for a month's report. */
function monthLines(summary: ReportSummary): string[] {
  if (summary.period.kind === 'month') return [];
  return [
    'Paid per month:',
    ...summary.invoices.months.map(
      (month) =>
        `  ${monthTitle(summary, month)}: ${formatUSD(month.paidTotalUSD)} from ${formatCount(month.paid)} paid`,
    ),
    '',
  ];
}

/** The under- and over-paid invoices: counts and totals, the largest differences, and why USD only. */
function mispaidLines(report: Report, paidInvoicesCsv: string): string[] {
  const { summary } = report;
  if (summary.invoices.total === 0) return [];
  const total = summary.invoices.underpaid.count + summary.invoices.overpaid.count;
  const shown = report.mispaidInvoices.slice(0, DIFFERENCES_LISTED);
  const lines = [`Under- and over-paid invoices: ${mispaidInWords(summary)}`];
  for (const { invoice, differenceUSD } of shown) {
    lines.push(
      `- ${isolated(oneLine(invoice.uid))}: invoiced ${formatUSD(invoice.amountFiat)}, received ${formatUSD(invoice.amountFiatUSD)}, difference ${formatUSDChange(differenceUSD)}`,
    );
  }
  if (total > shown.length) {
    lines.push(`- and ${formatCount(total - shown.length)} more in the full report and ${paidInvoicesCsv}`);
  }
  return [...lines, WHY_USD_ONLY, ''];
}

/** Unmatched payments shown with their likely invoice, as the page's table shows the first ones. */
const LIKELY_LISTED = 5;

/**
 * What waits to be matched: how many, their estimated total and how many have a likely invoice, then
 * the first few of those with the invoice's uid and the merchant's reference. Nothing when none waits.
 */
function unmatchedLines(report: Report): string[] {
  const { payments } = report.summary;
  if (payments.unmatched === 0) return [];
  const lines = ['', `Unmatched payments: ${unmatchedInWords(payments, formatUSD)}`];
  const withLikely = report.unmatched.filter((payment) => payment.likelyInvoiceId !== null);
  for (const payment of withLikely.slice(0, LIKELY_LISTED)) {
    const invoice = payment.candidates.find((candidate) => candidate.likely)!;
    const reference =
      invoice.serviceData === null
        ? ''
        : `, your reference ${isolated(oneLine(truncateText(invoice.serviceData, 40)))}`;
    lines.push(
      `- ${formatCrypto(payment.amount, payment.cryptocurrency)} received ${formatServiceDatetime(payment.transactionDatetime, report.summary.period.timezone)}, about ${formatUSD(payment.estimate!.usd)}: likely invoice ${isolated(oneLine(invoice.uid))}${reference}`,
    );
  }
  if (withLikely.length > LIKELY_LISTED)
    lines.push(`- and ${formatCount(withLikely.length - LIKELY_LISTED)} more in the full report`);
  return lines;
}

/**
 * The report's name for the first line, its account's name set apart (`isolated`): a plain-text
 * paragraph takes its direction from its first letter, and a name written right to left would turn the
 * whole line around, as in a subject.
 */
function titleName(summary: ReportSummary): string {
  // `reportName` sets the name apart.
  const account = summary.account === null ? null : oneLine(summary.account);
  return reportName({ ...summary, account });
}

/** The days the report covers, and the project it is limited to, if any, as the page's header says them. */
function coverageLine(summary: ReportSummary): string {
  const days = formatPeriod(summary.period);
  if (summary.projectId === null) return days;
  const project = projectLabel(summary.projectNames, summary.projectId, (name) => isolated(oneLine(name)));
  return `${days} · project ${project} only`;
}

/**
 * The plain-text alternative: the same headline figures and the change from the previous period (said
 * in words for a period not ended), a quarter's or a year's figures per month, the under- and over-paid
 * invoices, the reconciliation status, the link to the full report, the line about the files and the
 * link to all reports.
 */
export function renderReportText(report: Report, options: ReportEmailOptions): string {
  const { links, fileNames, attachmentsIncluded } = checkEmailOptions(options);
  const { summary } = report;
  const title = periodTitle(summary.period);
  const comparison = comparisonWords(summary);
  const files = csvDescriptions(summary);
  const lines = [
    `${titleName(summary)} · ${periodHeading(summary.period)}`,
    coverageLine(summary),
    '',
    ...reconciliationLines(report),
    '',
  ];
  if (summary.invoices.total === 0) lines.push(`No invoices were created in ${title}.`, '');
  for (const figure of headlineFigures(summary)) {
    lines.push(`${figure.label}: ${figure.value}`, ...figure.details.map((detail) => `  ${detail.text}`));
  }
  // After the payments' figures: a report of one project leaves the unmatched payments out of them.
  if (summary.payments.projectFilterNote) lines.push(`  ${summary.payments.projectFilterNote}`);
  lines.push(...unmatchedLines(report));
  if (comparison !== null) lines.push(`Compared over the same elapsed time: ${comparison}.`);
  lines.push('', ...monthLines(summary), ...mispaidLines(report, fileNames.paidInvoicesCsv));
  if (summary.payments.total === 0) lines.push(`No payments arrived in ${title}.`, '');
  lines.push(`Full report: ${links.report}`);
  if (attachmentsIncluded) {
    lines.push(
      `Attached: ${fileNames.workbook} (${files.workbook}), ${fileNames.paidInvoicesCsv} (${files.paidInvoices}) ` +
        `and ${fileNames.paymentsCsv} (${files.payments}).`,
    );
  } else {
    lines.push(
      'The files are too large to attach. Download them here:',
      `${fileNames.workbook} (${files.workbook}): ${links.workbook}`,
      `${fileNames.paidInvoicesCsv} (${files.paidInvoices}): ${links.paidInvoicesCsv}`,
      `${fileNames.paymentsCsv} (${files.payments}): ${links.paymentsCsv}`,
    );
  }
  lines.push(`All reports: ${links.allReports}`, '', provenance(summary));
  return `${lines.join('\n')}\n`;
}
