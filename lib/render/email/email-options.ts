import * as z from 'zod';
import { fieldIssues } from '../../config';

/** What an email needs beyond the report itself. */
export interface ReportEmailOptions {
  /**
   * Lasting signed links to the report API (they answer with a fresh download each time), and to the
   * account's list of reports (`allReports`).
   */
  links: {
    report: string;
    workbook: string;
    paidInvoicesCsv: string;
    paymentsCsv: string;
    allReports: string;
  };
  /**
   * The names the files are attached and downloaded under (`acme-2026-10-report.xlsx`): the email
   * names them so.
   */
  fileNames: {
    workbook: string;
    paidInvoicesCsv: string;
    paymentsCsv: string;
  };
  /** False when the files are too large to attach: the message says so and points at the links. */
  attachmentsIncluded: boolean;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// The message names the field, never the value: a signed link carries its signature.
const webAddress = z.string().refine(isWebAddress, { message: 'must be an http or https address' });

const optionsSchema = z.object({
  links: z.object({
    report: webAddress,
    workbook: webAddress,
    paidInvoicesCsv: webAddress,
    paymentsCsv: webAddress,
    allReports: webAddress,
  }),
  fileNames: z.object({
    workbook: z.string().min(1),
    paidInvoicesCsv: z.string().min(1),
    paymentsCsv: z.string().min(1),
  }),
  attachmentsIncluded: z.boolean(),
});

/** The options, checked: every link an http(s) address. Throws a `TypeError` that names the bad field. */
export function checkEmailOptions(options: ReportEmailOptions): ReportEmailOptions {
  const parsed = optionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const problems = fieldIssues(parsed.error.issues).map(
    ({ path, message }) => `${path || 'options'} ${message}`,
  );
  throw new TypeError(`invalid report email options: ${problems.join('; ')}`);
}
