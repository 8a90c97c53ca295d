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
  reconciliationStatus,
  reconciliationWindow,
  truncateText,
  unmatchedInWords,
} from '../../report';
import { headlineFigures, mispaidInWords, provenance, reportName, WHY_USD_ONLY } from '../page-kit';
import {
  attachedInWords,
  checkEmailOptions,
  emailFiles,
  oneLine,
  type ReportEmailOptions,
} from './email-words';

function reconciliationLines(summary: ReportSummary): string[] {
  const { mark, outcome, listed, hidden } = reconciliationStatus(summary, DIFFERENCES_LISTED);
  if (listed.length === 0) return [`${mark} ${outcome}`];
  const unit = currencyCheckUnit(summary.reconciliation);
  return [
    `${mark} ${outcome}`,
    ...listed.map((check) => {
      const wording = describeCheck(check, unit, summary.projectNames);
      return `- ${oneLine(wording.label)}: service's figure ${wording.service}, its listed invoices ${wording.computed}, difference ${wording.difference}`;
    }),
    ...andMore(hidden, ''),
    reconciliationWindow(summary, 'below'),
  ];
}

const andMore = (hidden: number, where: string) =>
  hidden > 0 ? [`- and ${formatCount(hidden)} more in the full report${where}`] : [];

function mispaidLines(report: Report, paidInvoicesCsv: string): string[] {
  const { summary } = report;
  if (summary.invoices.total === 0) return [];
  const total = summary.invoices.underpaid.count + summary.invoices.overpaid.count;
  const shown = report.mispaidInvoices.slice(0, DIFFERENCES_LISTED);
  return [
    `Under- and over-paid invoices: ${mispaidInWords(summary)}`,
    ...shown.map(
      ({ invoice, differenceUSD }) =>
        `- ${isolated(oneLine(invoice.uid))}: invoiced ${formatUSD(invoice.amountFiat)}, received ${formatUSD(invoice.amountFiatUSD)}, difference ${formatUSDChange(differenceUSD)}`,
    ),
    ...andMore(total - shown.length, ` and ${paidInvoicesCsv}`),
    WHY_USD_ONLY,
    '',
  ];
}

/** Unmatched payments listed: those with a likely invoice, as the page's table shows the first ones. */
const LIKELY_LISTED = 5;

function unmatchedLines(report: Report): string[] {
  const { payments } = report.summary;
  if (payments.unmatched === 0) return [];
  const withLikely = report.unmatched.filter((payment) => payment.likelyInvoiceId !== null);
  const listed = withLikely.slice(0, LIKELY_LISTED).map((payment) => {
    const invoice = payment.candidates.find((candidate) => candidate.likely)!;
    const reference =
      invoice.serviceData === null
        ? ''
        : `, your reference ${isolated(oneLine(truncateText(invoice.serviceData, 40)))}`;
    return `- ${formatCrypto(payment.amount, payment.cryptocurrency)} received ${formatServiceDatetime(payment.transactionDatetime, report.summary.period.timezone)}, about ${formatUSD(payment.estimate!.usd)}: likely invoice ${isolated(oneLine(invoice.uid))}${reference}`;
  });
  return [
    '',
    `Unmatched payments: ${unmatchedInWords(payments)}`,
    ...listed,
    ...andMore(withLikely.length - LIKELY_LISTED, ''),
  ];
}

/** The header's lines; `reportName` sets the account's name apart, or a right-to-left one would turn the line. */
function titleLines(summary: ReportSummary): string[] {
  const account = summary.account === null ? null : oneLine(summary.account);
  const days = formatPeriod(summary.period);
  const { projectId, projectNames } = summary;
  return [
    `${reportName({ ...summary, account })} · ${periodHeading(summary.period)}`,
    projectId === null
      ? days
      : `${days} · project ${projectLabel(projectNames, projectId, (name) => isolated(oneLine(name)))} only`,
  ];
}

/** The email's plain-text alternative: what its HTML says, line by line, with the links written out. */
export function renderReportText(report: Report, options: ReportEmailOptions): string {
  const checked = checkEmailOptions(options);
  const { links, fileNames } = checked;
  const { summary } = report;
  const title = periodTitle(summary.period);
  const comparison = comparisonWords(summary);
  const files = emailFiles(summary, checked);
  const lines = [...titleLines(summary), '', ...reconciliationLines(summary), ''];
  if (summary.invoices.total === 0) lines.push(`No invoices were created in ${title}.`, '');
  for (const figure of headlineFigures(summary)) {
    lines.push(`${figure.label}: ${figure.value}`, ...figure.details.map((detail) => `  ${detail.text}`));
  }
  // After the payments' figures: a report of one project leaves the unmatched payments out of them.
  if (summary.payments.projectFilterNote) lines.push(`  ${summary.payments.projectFilterNote}`);
  lines.push(...unmatchedLines(report));
  if (comparison !== null) lines.push(`Compared over the same elapsed time: ${comparison}.`);
  lines.push('');
  if (summary.period.kind !== 'month') {
    const months = summary.invoices.months.map(
      (month) =>
        `  ${monthTitle(summary, month)}: ${formatUSD(month.paidTotalUSD)} from ${formatCount(month.paid)} paid`,
    );
    lines.push('Paid per month:', ...months, '');
  }
  lines.push(...mispaidLines(report, fileNames.paidInvoicesCsv));
  if (summary.payments.total === 0) lines.push(`No payments arrived in ${title}.`, '');
  lines.push(`Full report: ${links.report}`);
  if (checked.attachmentsIncluded) lines.push(attachedInWords(files));
  else {
    lines.push(
      'The files are too large to attach. Download them here:',
      ...files.map((file) => `${file.name} (${file.holds}): ${file.link}`),
    );
  }
  lines.push(`All reports: ${links.allReports}`, '', provenance(summary));
  return `${lines.join('\n')}\n`;
}
