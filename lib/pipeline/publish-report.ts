import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountConfig } from '../config';
import { type ReportManifest, saveReport } from '../delivery';
import type { CollectProgress, Report } from '../report';
import { generateReportFolder } from '../report';
import { invoicingClientFor } from './account-client';
import type { PublishContext } from './context';
import { reportFigures } from './report-figures';

/** A report built, written to a local folder and saved to S3. */
export interface PublishedReport {
  report: Report;
  /** The local folder holding the report's files (the email attaches the CSVs and the workbook from here). */
  folder: string;
  manifest: ReportManifest;
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
 * saves it under `reports/<account>/<period>/`, the manifest last. On failure nothing is left locally,
 * and S3 holds no manifest for a half-saved report (see `saveReport`). Call `dispose` once done with the
 * local folder.
 */
export async function publishReport(
  context: PublishContext,
  account: AccountConfig,
  period: string,
  options: PublishReportOptions = {},
): Promise<PublishedReport> {
  const client = await invoicingClientFor(account, context);
  const workDir = await mkdtemp(join(context.workDir ?? tmpdir(), `report-${account.name}-${period}-`));
  const dispose = () => rm(workDir, { recursive: true, force: true });
  try {
    const now = context.now?.() ?? new Date();
    const { report, folder } = await generateReportFolder(
      client,
      {
        period,
        timezone: account.timezone,
        // The report speaks to people: it carries the account's display name (its `name` by default).
        account: account.displayName,
        ...(account.projectId ? { projectId: account.projectId } : {}),
      },
      {
        apiUrl: account.apiUrl,
        outDir: workDir,
        now,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      },
    );
    const manifest = await saveReport({
      s3: context.s3,
      bucket: context.bucket,
      account: account.name,
      period,
      folder,
      figures: reportFigures(report.summary),
      // The manifest's generatedAt is the summary's, to the millisecond.
      now: () => now,
    });
    return { report, folder, manifest, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
