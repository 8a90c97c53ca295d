/**
 * The files of a report, one list for storage and serving (`lib/delivery`, the report API, the
 * email) and, by type only, for the report writer: their names, content types and download names.
 * Delivery knows the files without knowing what a report contains.
 */

/** The files of a report folder, in the order they are listed. */
export const REPORT_FILE_NAMES = [
  'report.html',
  'report.xlsx',
  'paid-invoices.csv',
  'payments.csv',
  'unmatched-payments.csv',
  'summary.json',
] as const;

/** One of the files of a report. */
export type ReportFileName = (typeof REPORT_FILE_NAMES)[number];

const CONTENT_TYPES: Record<ReportFileName, string> = {
  'report.html': 'text/html; charset=utf-8',
  'report.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'paid-invoices.csv': 'text/csv; charset=utf-8',
  'payments.csv': 'text/csv; charset=utf-8',
  'unmatched-payments.csv': 'text/csv; charset=utf-8',
  'summary.json': 'application/json',
};

/** Whether `name` is one of the report files. */
export function isReportFileName(name: unknown): name is ReportFileName {
  return typeof name === 'string' && (REPORT_FILE_NAMES as readonly string[]).includes(name);
}

/** The `Content-Type` a report file is stored and served with. */
export function reportFileContentType(fileName: ReportFileName): string {
  return CONTENT_TYPES[fileName];
}

/**
 * The name a browser saves the file under: `acme-2026-10-paid-invoices.csv`.
 * Account and period are validated by the callers (`[a-z0-9-]`, digits), so the name is plain ASCII.
 */
export function reportDownloadName(account: string, period: string, fileName: ReportFileName): string {
  return `${account}-${period}-${fileName}`;
}

/**
 * The `Content-Disposition` a report file is stored with. The HTML report opens in the browser (it is
 * what the email links to); the data files download. Both carry the download name.
 */
export function reportContentDisposition(account: string, period: string, fileName: ReportFileName): string {
  const disposition = fileName === 'report.html' ? 'inline' : 'attachment';
  return `${disposition}; filename="${reportDownloadName(account, period, fileName)}"`;
}
