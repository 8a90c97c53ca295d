import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { S3Client } from '@aws-sdk/client-s3';
import type { AccountConfig } from '../config';
import { beginReportBuild, type SecretSource, saveReport } from '../delivery';
import { createInvoicingClient, type InvoicingClientHooks, type InvoicingClientOptions } from '../invoicing';
import type { ReportMetrics, ReportTrigger } from '../metrics';
import { generateReportFolder } from '../render';
import type { CollectProgress, ReportSummary } from '../report';

/** What building and saving a report needs, wherever it runs (Lambda, the local stack, tests). */
export interface PublishContext {
  s3: S3Client;
  bucket: string;
  secrets: SecretSource;
  /** @default () => new Date() */
  now?: () => Date;
  /** Where report folders are built before they are uploaded. @default os.tmpdir() */
  workDir?: string;
  /** Invoicing client settings beyond URL and key (concurrency, page size, test seams). */
  client?: Omit<InvoicingClientOptions, 'baseUrl' | 'apiKey'> & InvoicingClientHooks;
  /** Left out (the local stack, tests), nothing is counted. */
  metrics?: ReportMetrics;
}

/** A report's headline numbers, stored in its manifest (listings show them) and logged by scheduled runs. */
export function reportFigures(summary: ReportSummary) {
  return {
    invoices: summary.invoices.total,
    paidInvoices: summary.invoices.paid,
    paidTotalUSD: summary.invoices.paidTotalUSD.toFixed(2),
    commissionTotalUSD: summary.invoices.commissionTotalUSD.toFixed(2),
    payments: summary.payments.total,
    unmatchedPayments: summary.payments.unmatched,
    unmatchedEstimatedUSD: summary.payments.unmatchedEstimatedUSD.toFixed(2),
    unmatchedWithLikelyInvoice: summary.payments.unmatchedWithLikelyInvoice,
    reconciliationOk: summary.reconciliation.ok,
  };
}

/**
 * Builds an account's report for a period into a local `folder` (`dispose` removes it) and saves it as a
 * build of its own; on failure nothing is left locally, and the period's previous report is served.
 */
export async function publishReport(
  context: PublishContext,
  account: AccountConfig,
  period: string,
  options: { onProgress?: (progress: CollectProgress) => void; trigger?: ReportTrigger } = {},
) {
  const apiKey = await context.secrets.getSecret(account.apiKeySecretName);
  const client = createInvoicingClient({ ...context.client, baseUrl: account.apiUrl, apiKey });
  const clock = context.now ?? (() => new Date());
  const { s3, bucket } = context;
  const build = await beginReportBuild({ s3, bucket, account: account.name, period, now: clock() });
  const workDir = await mkdtemp(join(context.workDir ?? tmpdir(), `report-${account.name}-${period}-`));
  const dispose = () => rm(workDir, { recursive: true, force: true });
  const startedAt = performance.now();
  // The last progress a list reports is its total, so the last one seen counts every record fetched.
  let fetched: CollectProgress | undefined;
  const onProgress = (progress: CollectProgress) => {
    fetched = progress;
    options.onProgress?.(progress);
  };
  try {
    const now = clock();
    const { report, folder } = await generateReportFolder(
      client,
      {
        period,
        timezone: account.timezone,
        // The report speaks to people: it carries the account's display name (its `name` by default).
        account: account.displayName,
        ...(account.projectId ? { projectId: account.projectId } : {}),
        projectNames: account.projects,
      },
      { apiUrl: account.apiUrl, outDir: workDir, now, onProgress },
    );
    const figures = reportFigures(report.summary);
    // The manifest's generatedAt is the summary's, to the millisecond.
    const saved = await saveReport({ s3, bucket, build, folder, figures, generatedAt: now, now: clock });
    context.metrics?.reportBuilt({
      account: account.name,
      period,
      kind: report.summary.period.kind,
      trigger: options.trigger ?? 'api',
      seconds: (performance.now() - startedAt) / 1000,
      records: fetched ? fetched.invoices + fetched.payments + fetched.previousPeriodInvoices : 0,
      reconciliationDifferences: report.summary.reconciliation.checks.filter((check) => !check.ok).length,
    });
    return { report, folder, ...saved, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
