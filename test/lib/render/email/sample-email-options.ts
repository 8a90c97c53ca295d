import type { ReportEmailOptions } from '../../../../lib/render/email';

/** Lasting links as the report API signs them (with made-up signatures), for the sample report's email. */
export const SAMPLE_LINKS = {
  report:
    'https://reports.example.com/reports/acme/2026-10/report.html?expires=1798761600&signature=c2lnbmF0dXJl',
  workbook:
    'https://reports.example.com/reports/acme/2026-10/report.xlsx?expires=1798761600&signature=eGxzeA',
  paidInvoicesCsv:
    'https://reports.example.com/reports/acme/2026-10/paid-invoices.csv?expires=1798761600&signature=cGFpZA',
  paymentsCsv:
    'https://reports.example.com/reports/acme/2026-10/payments.csv?expires=1798761600&signature=cGF5',
  allReports: 'https://reports.example.com/reports/acme?expires=1798761600&signature=YWxs',
};

/** The names the sample report's files are attached under (account `acme`, October 2026). */
export const SAMPLE_FILE_NAMES = {
  workbook: 'acme-2026-10-report.xlsx',
  paidInvoicesCsv: 'acme-2026-10-paid-invoices.csv',
  paymentsCsv: 'acme-2026-10-payments.csv',
};

/** An email with the files attached. */
export const WITH_ATTACHMENTS: ReportEmailOptions = {
  links: SAMPLE_LINKS,
  fileNames: SAMPLE_FILE_NAMES,
  attachmentsIncluded: true,
};

/** An email whose files were too large to attach: it links to them instead. */
export const WITHOUT_ATTACHMENTS: ReportEmailOptions = { ...WITH_ATTACHMENTS, attachmentsIncluded: false };
