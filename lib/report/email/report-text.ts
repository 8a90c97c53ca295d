import { monthName } from '../../period';
import { formatCount, formatPeriod } from '../format';
import {
  currencyCheckUnit,
  describeCheck,
  headlineFigures,
  provenance,
  reconciliationOutcome,
  reconciliationWindow,
  reportName,
} from '../html';
import type { Report } from '../model';
import { csvDescriptions } from './csv-descriptions';
import { checkEmailOptions, type ReportEmailOptions } from './email-options';
import { oneLine } from './one-line';

/** Differences listed in the text before pointing at the full report. */
const DIFFERENCES_LISTED = 10;

function reconciliationLines(report: Report): string[] {
  const { summary } = report;
  const { checks, ok } = summary.reconciliation;
  const failing = checks.filter((check) => !check.ok);
  if (ok && failing.length === 0) return [`✓ ${reconciliationOutcome(summary)}`];
  const lines = [`⚠ ${reconciliationOutcome(summary)}`];
  if (failing.length === 0) return lines;
  lines.push(
    ...failing.slice(0, DIFFERENCES_LISTED).map((check) => {
      const wording = describeCheck(check, currencyCheckUnit(summary.reconciliation));
      return `- ${oneLine(wording.label)}: service's figure ${wording.service}, its listed invoices ${wording.computed}, difference ${wording.difference}`;
    }),
  );
  if (failing.length > DIFFERENCES_LISTED) {
    lines.push(`- and ${formatCount(failing.length - DIFFERENCES_LISTED)} more in the full report`);
  }
  lines.push(reconciliationWindow(summary, 'below'));
  return lines;
}

/**
 * The plain-text alternative: the same headline figures and month-over-month change, the
 * reconciliation status, the link to the full report and the line about the CSV files.
 */
export function renderReportText(report: Report, options: ReportEmailOptions): string {
  const { links, attachmentsIncluded } = checkEmailOptions(options);
  const { summary } = report;
  const month = monthName(summary.period.month);
  const files = csvDescriptions(summary);
  const lines = [
    `${oneLine(reportName(summary))} · ${month}`,
    formatPeriod(summary.period),
    '',
    ...reconciliationLines(report),
    '',
  ];
  if (summary.invoices.total === 0) lines.push(`No invoices were created in ${month}.`, '');
  for (const figure of headlineFigures(summary)) {
    lines.push(`${figure.label}: ${figure.value}`, ...figure.details.map((detail) => `  ${detail.text}`));
  }
  lines.push('');
  if (summary.payments.total === 0) lines.push(`No payments arrived in ${month}.`, '');
  lines.push(`Full report: ${links.report}`);
  if (attachmentsIncluded) {
    lines.push(`Attached: paid-invoices.csv (${files.paidInvoices}) and payments.csv (${files.payments}).`);
  } else {
    lines.push(
      'The CSV files are too large to attach. Download them here:',
      `paid-invoices.csv (${files.paidInvoices}): ${links.paidInvoicesCsv}`,
      `payments.csv (${files.payments}): ${links.paymentsCsv}`,
    );
  }
  lines.push('', provenance(summary));
  return `${lines.join('\n')}\n`;
}
