import { join } from 'node:path';
import type { SESClient } from '@aws-sdk/client-ses';
import type { AccountConfig } from '../config';
import {
  alreadySentUnlessForced,
  type DeliveryResult,
  deliverReportEmailOnce,
  deliveryStatus,
  type EmailSending,
  type ReportFileName,
  reportDownloadName,
  reportFileContentType,
  signReportIndexLink,
  signReportLinks,
} from '../delivery';
import type { ReportTrigger } from '../metrics';
import { renderReportEmail, renderReportText, reportSubject } from '../render';
import { type CollectProgress, reportPeriod } from '../report';
import { type PublishContext, publishReport, reportFigures } from './publish-report';

export interface DeliveryContext extends PublishContext {
  ses: SESClient;
  /** The report API's base URL: emailed links point there and stay valid for `linkLifetimeDays`. */
  reportApiUrl: string;
  linkSigningKeySecretName: string;
  linkLifetimeDays: number;
}

/** Sent now, or found already delivered; `figures` of the report this run built, if it built one. */
export type ReportDeliveryResult = DeliveryResult & {
  account: string;
  period: string;
  figures?: ReturnType<typeof reportFigures>;
};

const ATTACHED_FILES = ['report.xlsx', 'paid-invoices.csv', 'payments.csv'] as const;
const LINKED_FILES = ['report.html', ...ATTACHED_FILES] as const;

/**
 * One period's job for one account: build the report, save it to S3, email it once. A period already
 * emailed, or claimed by another run, is not built again (a scheduler firing twice costs one S3 read);
 * `force` rebuilds and resends (see `alreadySentUnlessForced`).
 * @throws SecretError, SigningKeyError, CorruptObjectError, DeliveryInProgressError before the service is
 * asked; an `InvoicingApiError` or a delivery error from building, saving or sending
 */
export async function deliverReport(
  context: DeliveryContext,
  account: AccountConfig,
  request: {
    /** Already resolved (see `resolveReportPeriod`). */
    period: string;
    force?: boolean;
    runId?: string;
    onProgress?: (progress: CollectProgress) => void;
    /** @default 'schedule' */
    trigger?: ReportTrigger;
    /** Told the build the period is served from, and whether it is this run's. */
    onSaved?: (saved: { buildId: string | undefined; switched: boolean }) => void;
    onSending?: (sending: EmailSending) => void;
  },
): Promise<ReportDeliveryResult> {
  const { period, force = false, runId, trigger = 'schedule', onProgress } = request;
  const where = { s3: context.s3, bucket: context.bucket, account: account.name, period };
  const clock = context.now ?? (() => new Date());
  const status = await deliveryStatus({ ...where, now: clock() });
  // Whether this run's report will be complete: a period ended now has ended when the report is built.
  const { complete } = reportPeriod(period, account.timezone, clock());
  const sent = alreadySentUnlessForced(status, { account: account.name, period, complete, force, runId });
  if (sent) return { ...sent, account: account.name, period };

  // Signed before anything is built, so a missing or short key stops the run before it asks the service.
  const signingKey = await context.secrets.getSecret(context.linkSigningKeySecretName);
  const signing = {
    baseUrl: context.reportApiUrl,
    account: account.name,
    generation: account.tokenGeneration,
    signingKey,
  };
  const lifetimeDays = context.linkLifetimeDays;
  const signed = signReportLinks({ ...signing, period, files: LINKED_FILES, lifetimeDays, now: clock() });
  const links = {
    report: signed.links['report.html'],
    workbook: signed.links['report.xlsx'],
    paidInvoicesCsv: signed.links['paid-invoices.csv'],
    paymentsCsv: signed.links['payments.csv'],
    allReports: signReportIndexLink({ ...signing, expiresAt: signed.expiresAt }),
  };
  const downloadName = (fileName: ReportFileName) => reportDownloadName(account.name, period, fileName);
  // The email names the files as they are attached.
  const fileNames = {
    workbook: downloadName('report.xlsx'),
    paidInvoicesCsv: downloadName('paid-invoices.csv'),
    paymentsCsv: downloadName('payments.csv'),
  };
  const published = await publishReport(context, account, period, { trigger, onProgress });
  try {
    request.onSaved?.({ buildId: published.manifest.buildId, switched: published.switched });
    const { report } = published;
    const result = await deliverReportEmailOnce({
      ...where,
      ses: context.ses,
      from: account.sender,
      to: account.recipients,
      force,
      runId,
      complete: report.summary.period.complete,
      attachments: ATTACHED_FILES.map((file) => ({
        filename: downloadName(file),
        path: join(published.folder, file),
        contentType: reportFileContentType(file),
      })),
      render: ({ attachmentsIncluded }) => ({
        subject: reportSubject(report.summary),
        html: renderReportEmail(report, { links, fileNames, attachmentsIncluded }),
        text: renderReportText(report, { links, fileNames, attachmentsIncluded }),
      }),
      now: clock,
      onSending: request.onSending,
    });
    return { ...result, account: account.name, period, figures: reportFigures(report.summary) };
  } finally {
    await published.dispose();
  }
}
