import { join } from 'node:path';
import type { AccountConfig } from '../config';
import {
  alreadySentUnlessForced,
  type DeliveryResult,
  deliverReportEmailOnce,
  deliveryStatus,
  type EmailAttachment,
  type EmailSending,
  type ReportFileName,
  reportDownloadName,
  reportFileContentType,
  signReportIndexLink,
  signReportLinks,
} from '../delivery';
import type { ReportTrigger } from '../metrics';
import { type ReportEmailOptions, renderReportEmail, renderReportText, reportSubject } from '../render';
import type { CollectProgress } from '../report';
import { reportPeriod } from '../report';
import type { DeliveryContext } from './context';
import { publishReport } from './publish-report';
import { type ReportFigures, reportFigures } from './report-figures';

export interface ReportDeliveryRequest {
  /** A month `YYYY-MM`, a quarter `YYYY-Qn` or a year `YYYY`, already resolved (see `resolveReportPeriod`). */
  period: string;
  /** Rebuild and email again even if the period was delivered. @default false */
  force?: boolean;
  /**
   * The request this run serves, the same in every retry of it (Lambda's request id), so that a retried
   * forced resend is not sent again (see `deliverReportEmailOnce`).
   */
  runId?: string;
  /** Told how many records have been fetched so far while the report is built. */
  onProgress?: (progress: CollectProgress) => void;
  /** What asked for the run, for the build's metrics. @default 'schedule' */
  trigger?: ReportTrigger;
  /** Told once the report is saved to S3: the build the period is served from, and whether it is this run's. */
  onSaved?: (saved: { buildId: string | undefined; switched: boolean }) => void;
  /** Told once the period's email is claimed, just before it goes to SES. */
  onSending?: (sending: EmailSending) => void;
}

/** What a run did: sent now, or found the period already delivered (and built nothing). */
export type ReportDeliveryResult = DeliveryResult & {
  account: string;
  period: string;
  /** Headline figures of the report built by this run; absent when nothing was built. */
  figures?: ReportFigures;
};

const ATTACHED_FILES = [
  'report.xlsx',
  'paid-invoices.csv',
  'payments.csv',
] as const satisfies readonly ReportFileName[];
const LINKED_FILES = ['report.html', ...ATTACHED_FILES] as const;

/**
 * The email's links to the report API (the report, its CSV files and the account's list of reports),
 * signed to last `linkLifetimeDays`. Made before anything is built,
 * so a missing or short signing key stops the run before it asks the service or writes to S3.
 */
async function signedLinks(
  context: DeliveryContext,
  account: AccountConfig,
  period: string,
  now: Date,
): Promise<ReportEmailOptions['links']> {
  const signingKey = await context.secrets.getSecret(context.linkSigningKeySecretName);
  const { links, expiresAt } = signReportLinks({
    baseUrl: context.reportApiUrl,
    account: account.name,
    period,
    files: LINKED_FILES,
    lifetimeDays: context.linkLifetimeDays,
    now,
    generation: account.tokenGeneration,
    signingKey,
  });
  return {
    report: links['report.html'],
    workbook: links['report.xlsx'],
    paidInvoicesCsv: links['paid-invoices.csv'],
    paymentsCsv: links['payments.csv'],
    allReports: signReportIndexLink({
      baseUrl: context.reportApiUrl,
      account: account.name,
      expiresAt,
      generation: account.tokenGeneration,
      signingKey,
    }),
  };
}

/**
 * One period's job for one account (a month, or a quarter or a year): build the report, save it to S3,
 * email it once.
 *
 * A period already emailed is not built again (a scheduler firing twice costs one S3 read), and neither
 * is a period whose email another run has claimed (that run's outcome decides; this one throws
 * `DeliveryInProgressError`, so a retry finds the period sent). An email of the period so far (sent
 * while it ran) counts only until the period has ended: then the whole period is built and emailed,
 * once. `force` rebuilds and resends, except over what an earlier attempt at the same request (`runId`)
 * left: a retried resend is not sent again. The email's links point at the report API, signed to last
 * `linkLifetimeDays`.
 * @throws SecretError, SigningKeyError, CorruptObjectError, DeliveryInProgressError before the service is
 * asked; an `InvoicingApiError` or a delivery error from building, saving or sending (see
 * `publishReport` and `deliverReportEmailOnce` for what each leaves behind)
 */
export async function deliverReport(
  context: DeliveryContext,
  account: AccountConfig,
  request: ReportDeliveryRequest,
): Promise<ReportDeliveryResult> {
  const { period } = request;
  const { force = false, runId } = request;
  const clock = context.now ?? (() => new Date());
  const status = await deliveryStatus({
    s3: context.s3,
    bucket: context.bucket,
    account: account.name,
    period,
    now: clock(),
  });
  // Whether this run's report will be complete: a period ended now has ended when the report is built.
  const { complete } = reportPeriod(period, account.timezone, clock());
  const sent = alreadySentUnlessForced(status, { account: account.name, period, complete, force, runId });
  if (sent) return { ...sent, account: account.name, period };

  const links = await signedLinks(context, account, period, clock());
  const published = await publishReport(context, account, period, {
    trigger: request.trigger ?? 'schedule',
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  });
  try {
    request.onSaved?.({ buildId: published.manifest.buildId, switched: published.switched });
    const downloadName = (fileName: ReportFileName) => reportDownloadName(account.name, period, fileName);
    // The email names the files as they are attached.
    const fileNames = {
      workbook: downloadName('report.xlsx'),
      paidInvoicesCsv: downloadName('paid-invoices.csv'),
      paymentsCsv: downloadName('payments.csv'),
    };
    const attachments: EmailAttachment[] = ATTACHED_FILES.map((fileName) => ({
      filename: downloadName(fileName),
      path: join(published.folder, fileName),
      contentType: reportFileContentType(fileName),
    }));
    const { report } = published;
    const result = await deliverReportEmailOnce({
      s3: context.s3,
      ses: context.ses,
      bucket: context.bucket,
      account: account.name,
      period,
      from: account.sender,
      to: account.recipients,
      force,
      runId,
      complete: report.summary.period.complete,
      attachments,
      render: ({ attachmentsIncluded }) => ({
        subject: reportSubject(report.summary),
        html: renderReportEmail(report, { links, fileNames, attachmentsIncluded }),
        text: renderReportText(report, { links, fileNames, attachmentsIncluded }),
      }),
      now: clock,
      ...(request.onSending ? { onSending: request.onSending } : {}),
    });
    return { ...result, account: account.name, period, figures: reportFigures(report.summary) };
  } finally {
    await published.dispose();
  }
}
