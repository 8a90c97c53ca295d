import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AccountConfig } from '../config';
import { beginReportBuild, type ReportManifest, saveReport } from '../delivery';
import type { ReportTrigger } from '../metrics';
import { generateReportFolder } from '../render';
import type { CollectProgress, Report } from '../report';
import { invoicingClientFor } from './account-client';
import type { PublishContext } from './context';
import { reportFigures } from './report-figures';

/** A report built, written to a local folder and saved to S3. */
export interface PublishedReport {
  /** The report this build made. */
  report: Report;
  /** The local folder holding this build's files (the email attaches the CSVs and the workbook from here). */
  folder: string;
  /**
   * The manifest the period is served from now: this build's, or, when another build of the period
   * switched first (`switched` false), that build's; this build's files were then removed from S3.
   */
  manifest: ReportManifest;
  /** Whether the period was switched to this build. */
  switched: boolean;
  /** Removes the local folder. */
  dispose(): Promise<void>;
}

/** Options of one `publishReport` call. */
export interface PublishReportOptions {
  /** Told how many records have been fetched so far, every few hundred records of a list. */
  onProgress?: (progress: CollectProgress) => void;
  /** What asked for the build, for its metrics. @default 'api' */
  trigger?: ReportTrigger;
}

/**
 * Builds an account's report for a period (a month, a quarter or a year) from the invoicing service and
 * saves it as a build of its own under `reports/<account>/<period>/builds/`, then switches the period to
 * it (see `saveReport`). The period's manifest is read before the service is asked, so a build that
 * another one overtakes meanwhile loses the switch rather than replacing newer figures with its own. On
 * failure nothing is left locally, and the period's previous report is still served. Call `dispose` once
 * done with the local folder.
 */
export async function publishReport(
  context: PublishContext,
  account: AccountConfig,
  period: string,
  options: PublishReportOptions = {},
): Promise<PublishedReport> {
  const client = await invoicingClientFor(account, context);
  const clock = context.now ?? (() => new Date());
  const build = await beginReportBuild({
    s3: context.s3,
    bucket: context.bucket,
    account: account.name,
    period,
    now: clock(),
  });
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
      {
        apiUrl: account.apiUrl,
        outDir: workDir,
        now,
        onProgress,
      },
    );
    const { manifest, switched } = await saveReport({
      s3: context.s3,
      bucket: context.bucket,
      build,
      folder,
      figures: reportFigures(report.summary),
      // The manifest's generatedAt is the summary's, to the millisecond.
      generatedAt: now,
      now: clock,
    });
    context.metrics?.reportBuilt({
      account: account.name,
      period,
      kind: report.summary.period.kind,
      trigger: options.trigger ?? 'api',
      seconds: (performance.now() - startedAt) / 1000,
      records: fetched ? fetched.invoices + fetched.payments + fetched.previousPeriodInvoices : 0,
      reconciliationDifferences: report.summary.reconciliation.checks.filter((check) => !check.ok).length,
    });
    return { report, folder, manifest, switched, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
