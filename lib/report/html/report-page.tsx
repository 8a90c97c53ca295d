import { raw } from 'hono/html';
import type { Report } from '../model';
import { periodHeading } from '../period-words';
import { look } from './looks';
import { PAGE_CSS } from './page-styles';
import { renderToHtml } from './render';
import { ReportContent } from './report-content';
import { ReportFooter } from './report-footer';
import { ReportHeader, reportName } from './report-header';

/**
 * The whole `report.html`: one self-contained page (inline CSS, no script, nothing fetched from
 * elsewhere) that reads on a phone and prints cleanly. Every value from the report is escaped.
 */
export function renderReportPage(report: Report): string {
  const { summary } = report;
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${reportName(summary)} · ${periodHeading(summary.period)}`}</title>
        {/* The style sheet is a constant of this module, never built from report data. */}
        <style>{raw(PAGE_CSS)}</style>
      </head>
      <body {...look('page', 'document')}>
        <main {...look('page', 'sheet')}>
          <ReportHeader variant="page" summary={summary} />
          <ReportContent variant="page" report={report} />
          <ReportFooter variant="page" summary={summary} />
        </main>
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToHtml(page)}`;
}
