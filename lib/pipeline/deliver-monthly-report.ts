import { join } from 'node:path';
import type { AccountConfig } from '../config';
import {
  type DeliveryResult,
  deliverReportEmailOnce,
  deliveryRecordKey,
  type EmailAttachment,
  type ReportFileName,
  readDeliveryRecord,
  reportDownloadName,
  reportFileContentType,
  signReportLink,
} from '../delivery';
import { type ReportEmailOptions, renderReportEmail, renderReportText, reportSubject } from '../report/email';
import type { DeliveryContext } from './context';
import { publishReport } from './publish-report';

export interface MonthlyReportRequest {
  /** `YYYY-MM`, already resolved (see `resolveReportMonth`). */
  month: string;
  /** Rebuild and email again even if the month was delivered. @default false */
  force?: boolean;
}

/** What a run did: sent now, or found the month already delivered (and built nothing). */
export type MonthlyReportResult = DeliveryResult & {
  account: string;
  month: string;
  /** Headline figures of the report built by this run; absent when nothing was built. */
  figures?: Record<string, unknown>;
};

const ATTACHED_FILES = ['paid-invoices.csv', 'payments.csv'] as const satisfies readonly ReportFileName[];

/**
 * The monthly job for one account: build the report, save it to S3, email it once.
 *
 * A month already emailed is not built again (a scheduler firing twice costs one S3 read); `force`
 * rebuilds and resends. The email's links point at the report API, signed to last `linkLifetimeDays`.
 */
export async function deliverMonthlyReport(
  context: DeliveryContext,
  account: AccountConfig,
  request: MonthlyReportRequest,
): Promise<MonthlyReportResult> {
  const { month } = request;
  const force = request.force ?? false;
  if (!force) {
    const record = await readDeliveryRecord(
      context.s3,
      context.bucket,
      deliveryRecordKey(account.name, month),
    );
    if (record?.state === 'sent') {
      return {
        status: 'already-sent',
        messageId: record.messageId,
        sentAt: record.sentAt,
        account: account.name,
        month,
      };
    }
  }

  const published = await publishReport(context, account, month);
  try {
    const signingKey = await context.secrets.getSecret(context.linkSigningKeySecretName);
    const now = context.now?.() ?? new Date();
    const expiresAt = new Date(now.getTime() + context.linkLifetimeDays * 24 * 60 * 60 * 1000);
    const link = (fileName: ReportFileName) =>
      signReportLink({
        baseUrl: context.reportApiUrl,
        account: account.name,
        month,
        fileName,
        expiresAt,
        signingKey,
      });
    const links: ReportEmailOptions['links'] = {
      report: link('report.html'),
      paidInvoicesCsv: link('paid-invoices.csv'),
      paymentsCsv: link('payments.csv'),
    };
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
      ...(context.now ? { now: context.now } : {}),
    });
    return { ...result, account: account.name, month, figures: published.manifest.figures };
  } finally {
    await published.dispose();
  }
}
