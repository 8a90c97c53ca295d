/** The files of a report folder with their content types, in the order they are listed: delivery knows them, not what they contain. */
const CONTENT_TYPES = {
  'report.html': 'text/html; charset=utf-8',
  'report.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'paid-invoices.csv': 'text/csv; charset=utf-8',
  'payments.csv': 'text/csv; charset=utf-8',
  'unmatched-payments.csv': 'text/csv; charset=utf-8',
  'summary.json': 'application/json',
} as const;

export type ReportFileName = keyof typeof CONTENT_TYPES;

export const REPORT_FILE_NAMES = Object.keys(CONTENT_TYPES) as [ReportFileName, ...ReportFileName[]];

export function isReportFileName(name: unknown): name is ReportFileName {
  return typeof name === 'string' && Object.hasOwn(CONTENT_TYPES, name);
}

export function reportFileContentType(fileName: ReportFileName): string {
  return CONTENT_TYPES[fileName];
}

/** `acme-2026-10-paid-invoices.csv`: plain ASCII, as callers validate account and period. */
export function reportDownloadName(account: string, period: string, fileName: ReportFileName): string {
  return `${account}-${period}-${fileName}`;
}

/** The HTML report opens in the browser (the email links to it); the data files download. */
export function reportContentDisposition(account: string, period: string, fileName: ReportFileName): string {
  const disposition = fileName === 'report.html' ? 'inline' : 'attachment';
  return `${disposition}; filename="${reportDownloadName(account, period, fileName)}"`;
}
