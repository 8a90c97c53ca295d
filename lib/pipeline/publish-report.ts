import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountConfig } from '../config';
import { beginReportBuild, type ReportManifest, saveReport } from '../delivery';
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
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
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
    return { report, folder, manifest, switched, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
