import { join } from 'node:path';
import type { AccountConfig } from '../config';
import {
  alreadySent,
  type DeliveryResult,
  deliverReportEmailOnce,
  deliveryStatus,
  type EmailAttachment,
  signReportLinks,
} from '../delivery';
import type { CollectProgress } from '../report';
import { type ReportEmailOptions, renderReportEmail, renderReportText, reportSubject } from '../report';
import { type ReportFileName, reportDownloadName, reportFileContentType } from '../report-files';
import type { DeliveryContext } from './context';
import { publishReport } from './publish-report';
import { type ReportFigures, reportFigures } from './report-figures';

export interface MonthlyReportRequest {
  /** `YYYY-MM`, already resolved (see `resolveReportMonth`). */
  month: string;
  /** Rebuild and email again even if the month was delivered. @default false */
  force?: boolean;
  /** Told how many records have been fetched so far while the report is built. */
  onProgress?: (progress: CollectProgress) => void;
}

/** What a run did: sent now, or found the month already delivered (and built nothing). */
export type MonthlyReportResult = DeliveryResult & {
  account: string;
  month: string;
  /** Headline figures of the report built by this run; absent when nothing was built. */
  figures?: ReportFigures;
};

const ATTACHED_FILES = ['paid-invoices.csv', 'payments.csv'] as const satisfies readonly ReportFileName[];
const LINKED_FILES = ['report.html', ...ATTACHED_FILES] as const;

/**
 * The email's links to the report API, signed to last `linkLifetimeDays`. Made before anything is built,
 * so a missing or short signing key stops the run before it asks the service or writes to S3.
 */
async function signedLinks(
  context: DeliveryContext,
  account: AccountConfig,
  month: string,
  now: Date,
): Promise<ReportEmailOptions['links']> {
  const { links } = signReportLinks({
    baseUrl: context.reportApiUrl,
    account: account.name,
    month,
    files: LINKED_FILES,
    lifetimeDays: context.linkLifetimeDays,
    now,
    signingKey: await context.secrets.getSecret(context.linkSigningKeySecretName),
  });
  return {
    report: links['report.html'],
    paidInvoicesCsv: links['paid-invoices.csv'],
    paymentsCsv: links['payments.csv'],
  };
}

/**
 * The monthly job for one account: build the report, save it to S3, email it once.
 *
 * A month already emailed is not built again (a scheduler firing twice costs one S3 read), and neither
 * is a month whose email another run has claimed (that run's outcome decides; this one throws
 * `DeliveryInProgressError`, so a retry finds the month sent). `force` rebuilds and resends. The email's
 * links point at the report API, signed to last `linkLifetimeDays`.
 * @throws SecretError, SigningKeyError, CorruptObjectError, DeliveryInProgressError before the service is
 * asked; an `InvoicingApiError` or a delivery error from building, saving or sending (see
 * `publishReport` and `deliverReportEmailOnce` for what each leaves behind)
 */
export async function deliverMonthlyReport(
  context: DeliveryContext,
  account: AccountConfig,
  request: MonthlyReportRequest,
): Promise<MonthlyReportResult> {
  const { month } = request;
  const force = request.force ?? false;
  const clock = context.now ?? (() => new Date());
  if (!force) {
    const status = await deliveryStatus({
      s3: context.s3,
      bucket: context.bucket,
      account: account.name,
      month,
      now: clock(),
    });
    const sent = alreadySent(status, account.name, month);
    if (sent) return { ...sent, account: account.name, month };
  }

  const links = await signedLinks(context, account, month, clock());
  const published = await publishReport(
    context,
    account,
    month,
    request.onProgress ? { onProgress: request.onProgress } : {},
  );
  try {
    const attachments: EmailAttachment[] = ATTACHED_FILES.map((fileName) => ({
      filename: reportDownloadName(account.name, month, fileName),
      path: join(published.folder, fileName),
      contentType: reportFileContentType(fileName),
    }));
    const { report } = published;
    const result = await deliverReportEmailOnce({
      s3: context.s3,
      ses: context.ses,
      bucket: context.bucket,
      account: account.name,
      month,
      from: account.sender,
      to: account.recipients,
      force,
      attachments,
      render: ({ attachmentsIncluded }) => ({
        subject: reportSubject(report.summary),
        html: renderReportEmail(report, { links, attachmentsIncluded }),
        text: renderReportText(report, { links, attachmentsIncluded }),
      }),
      now: clock,
    });
    return { ...result, account: account.name, month, figures: reportFigures(report.summary) };
  } finally {
    await published.dispose();
  }
}
