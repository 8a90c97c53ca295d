import type { Report } from '../../report';
import { periodHeading } from '../../report';
import {
  PAGE_CSS,
  ReportContent,
  ReportFooter,
  ReportHeader,
  renderHtmlDocument,
  reportName,
} from '../page-kit';

/**
 * The whole `report.html`: one self-contained page (inline CSS, no script, nothing fetched from
 * elsewhere) that reads on a phone and prints cleanly. Every value from the report is escaped.
 */
export function renderReportPage(report: Report): string {
  const { summary } = report;
  return renderHtmlDocument({
    title: `${reportName(summary)} · ${periodHeading(summary.period)}`,
    css: PAGE_CSS,
    children: (
      <>
        <ReportHeader summary={summary} />
        <ReportContent report={report} />
        <ReportFooter summary={summary} />
      </>
    ),
  });
}
