import * as z from 'zod';
import { fieldIssues } from '../../config';
import type { ReportSummary } from '../../report';
import { counted, formatUSD, isolated, periodHeading, projectLabel, truncateText } from '../../report';

const isWebAddress = (value: string) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

// The message names the field, never the value: a signed link carries its signature.
const webAddress = z.string().refine(isWebAddress, { message: 'must be an http or https address' });

const optionsSchema = z.object({
  /** Lasting signed links to the report API (each answers with a fresh download), and to the account's list. */
  links: z.object({
    report: webAddress,
    workbook: webAddress,
    paidInvoicesCsv: webAddress,
    paymentsCsv: webAddress,
    allReports: webAddress,
  }),
  /** The names the files are attached and downloaded under (`acme-2026-10-report.xlsx`). */
  fileNames: z.object({
    workbook: z.string().min(1),
    paidInvoicesCsv: z.string().min(1),
    paymentsCsv: z.string().min(1),
  }),
  /** False when the files are too large to attach: the message says so and points at the links. */
  attachmentsIncluded: z.boolean(),
});

/** What an email needs beyond the report itself. */
export type ReportEmailOptions = z.infer<typeof optionsSchema>;

/** The options, checked: every link an http(s) address. Throws a `TypeError` that names the bad field. */
export function checkEmailOptions(options: ReportEmailOptions): ReportEmailOptions {
  const parsed = optionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const problems = fieldIssues(parsed.error.issues).map(
    ({ path, message }) => `${path || 'options'} ${message}`,
  );
  throw new TypeError(`invalid report email options: ${problems.join('; ')}`);
}

/** The three files an email attaches or links: name, link and what each holds (`120 paid invoices`). */
export function emailFiles(summary: ReportSummary, { links, fileNames }: ReportEmailOptions) {
  const file = (key: keyof typeof fileNames, holds: string) => ({
    name: fileNames[key],
    link: links[key],
    holds,
  });
  return [
    file('workbook', 'the figures and both lists in one workbook'),
    file('paidInvoicesCsv', counted(summary.invoices.paid, 'paid invoice')),
    file('paymentsCsv', counted(summary.payments.total, 'payment')),
  ];
}

/** `Attached: a.xlsx (…), b.csv (…) and c.csv (…).` */
export function attachedInWords(files: ReturnType<typeof emailFiles>): string {
  const [workbook, paid, payments] = files.map((file) => `${file.name} (${file.holds})`);
  return `Attached: ${workbook}, ${paid} and ${payments}.`;
}

/** Text for a single line (a subject, a title line): control characters and runs of spaces become one space. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ').trim();
}

/** Longest account or project name kept in a subject, so the figures stay visible in an inbox list. */
const NAME_SHOWN = 40;

/** The subject: `Acme · October 2026 · 81,119.92 USD from 1,234 paid invoices`, names set apart (`isolated`). */
export function reportSubject(summary: ReportSummary): string {
  const account = summary.account === null ? '' : truncateText(oneLine(summary.account), NAME_SHOWN);
  const parts = [account ? isolated(account) : 'Invoice report', periodHeading(summary.period)];
  if (summary.projectId !== null) {
    const label = projectLabel(summary.projectNames, summary.projectId, (name) =>
      isolated(truncateText(oneLine(name), NAME_SHOWN)),
    );
    parts.push(`project ${oneLine(label)}`);
  }
  const { paid, paidTotalUSD } = summary.invoices;
  parts.push(
    paid === 0 ? 'no paid invoices' : `${formatUSD(paidTotalUSD)} from ${counted(paid, 'paid invoice')}`,
  );
  if (!summary.reconciliation.ok) parts.push('figures differ');
  return parts.join(' · ');
}
