import type { S3Client } from '@aws-sdk/client-s3';
import { newBuildId } from './build-id';
import { ReportBuildError } from './errors';
import { manifestKey } from './report-key';
import { type ReportManifest, readStoredManifest } from './report-manifest';

/** The manifest a build will replace, as it was when the build began. */
export interface ReplacedManifest {
  /** Its ETag: the switch is made only while the manifest is still this version (`If-Match`). */
  etag: string;
  /** Its content, or `null` when it cannot be read (a new build repairs it; its old files then expire). */
  manifest: ReportManifest | null;
}

/** One build of a period's report under way: its own folder, and the manifest it means to replace. */
export interface ReportBuild {
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  /** Its folder is `reports/<account>/<period>/builds/<buildId>/`. */
  buildId: string;
  /** `null` when the period had no manifest: the switch then requires that there still be none (`If-None-Match: *`). */
  replaces: ReplacedManifest | null;
}

/** Options of `beginReportBuild`. */
export interface BeginReportBuildOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  period: string;
  /** When the build begins, the time in its id. @default new Date() */
  now?: Date;
}

/**
 * Begins a build of a period's report: gives it an id and reads the period's manifest with its ETag,
 * before the report is built, so that a build that another one overtakes while it runs loses the switch
 * (see `saveReport`) instead of replacing a newer report with an older one.
 * @throws InvalidReportKeyError for an invalid account or period, before anything is read;
 * ReportBuildError when S3 answers a manifest without an ETag
 */
export async function beginReportBuild(options: BeginReportBuildOptions): Promise<ReportBuild> {
  const { account, period } = options;
  const key = manifestKey(account, period);
  const stored = await readStoredManifest(options);
  let replaces: ReplacedManifest | null = null;
  if (stored !== null) {
    if (!stored.etag) {
      throw new ReportBuildError(
        key,
        `S3 answered ${key} without an ETag, so no build can replace it safely`,
      );
    }
    replaces = { etag: stored.etag, manifest: 'manifest' in stored ? stored.manifest : null };
  }
  return { account, period, buildId: newBuildId(options.now ?? new Date()), replaces };
}
