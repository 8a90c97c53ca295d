import { describe, expect, it } from 'vitest';
import { reportContentDisposition, reportFileContentType } from '../../../lib/delivery/report-files';

describe('reportFileContentType', () => {
  it('labels CSV and HTML as UTF-8 text and the summary as JSON', () => {
    expect(reportFileContentType('paid-invoices.csv')).toBe('text/csv; charset=utf-8');
    expect(reportFileContentType('payments.csv')).toBe('text/csv; charset=utf-8');
    expect(reportFileContentType('report.html')).toBe('text/html; charset=utf-8');
    expect(reportFileContentType('summary.json')).toBe('application/json');
  });
});

describe('reportContentDisposition', () => {
  it('downloads a CSV under a name with account and month', () => {
    expect(reportContentDisposition('acme', '2026-10', 'paid-invoices.csv')).toBe(
      'attachment; filename="acme-2026-10-paid-invoices.csv"',
    );
  });

  it('opens the HTML report in the browser, still with a good name', () => {
    expect(reportContentDisposition('acme', '2026-10', 'report.html')).toBe(
      'inline; filename="acme-2026-10-report.html"',
    );
  });
});
