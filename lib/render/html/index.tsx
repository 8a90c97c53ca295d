import { periodHeading, type Report } from '../../report';
import { PAGE_CSS, ReportContent, renderHtmlDocument, reportName } from '../page-kit';

/** The whole `report.html`: one self-contained page that reads on a phone and prints cleanly. */
export function renderReportPage(report: Report): string {
  return renderHtmlDocument({
    title: `${reportName(report.summary)} · ${periodHeading(report.summary.period)}`,
    css: PAGE_CSS,
    children: <ReportContent report={report} />,
  });
}
