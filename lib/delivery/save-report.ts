import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import * as z from 'zod';
import {
  REPORT_FILE_NAMES,
  type ReportFileName,
  reportContentDisposition,
  reportFileContentType,
} from '../report-files';
import { InvalidReportFolderError } from './errors';
import { digestFile, type FileDigest } from './file-digest';
import { reportKey } from './report-key';
import type { ManifestFile, ReportManifest } from './report-manifest';
import { deleteObject, putJsonObject } from './s3-objects';

/** Options of `saveReport`. */
export interface SaveReportOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  /** A folder holding `report.html`, `paid-invoices.csv`, `payments.csv` and `summary.json`. */
  folder: string;
  /** A small JSON object of headline numbers, stored in the manifest as given. */
  figures: Record<string, unknown>;
  /** The clock for `generatedAt`. @default () => new Date() */
  now?: () => Date;
}

const figuresSchema = z.record(z.string(), z.unknown());

/** Checks every file is there before anything is written, so a bad folder changes nothing in S3. */
async function digestReportFolder(folder: string): Promise<Map<ReportFileName, FileDigest>> {
  const digests = new Map<ReportFileName, FileDigest>();
  const missing: string[] = [];
  for (const name of REPORT_FILE_NAMES) {
    try {
      digests.set(name, await digestFile(join(folder, name)));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') missing.push(name);
      else throw error;
    }
  }
  if (missing.length > 0) {
    throw new InvalidReportFolderError(`report folder ${folder} lacks ${missing.join(', ')}`);
  }
  return digests;
}

/** Uploads one file, streamed from disk (`Upload` switches to a multipart upload for large files). */
async function uploadReportFile(options: SaveReportOptions, name: ReportFileName): Promise<void> {
  const upload = new Upload({
    client: options.s3,
    params: {
      Bucket: options.bucket,
      Key: reportKey(options.account, options.period, name),
      Body: createReadStream(join(options.folder, name)),
      ContentType: reportFileContentType(name),
      ContentDisposition: reportContentDisposition(options.account, options.period, name),
    },
  });
  await upload.done();
}

/**
 * Saves a report folder under `reports/<account>/<period>/` and returns its manifest.
 *
 * Order matters to readers: an earlier manifest of the period is deleted first (so a rebuild reads as
 * incomplete while its files change), then the four files are uploaded, then `manifest.json` is written
 * last. `readManifest` therefore never returns a manifest whose files are half saved.
 * @throws InvalidReportKeyError for an invalid account or period, InvalidReportFolderError for a file
 * missing from the folder or figures that are not an object; in both cases nothing is written.
 */
export async function saveReport(options: SaveReportOptions): Promise<ReportManifest> {
  const { s3, bucket, account, period } = options;
  const manifestKey = reportKey(account, period, 'manifest.json');
  if (!figuresSchema.safeParse(options.figures).success) {
    throw new InvalidReportFolderError('figures must be a JSON object');
  }
  const digests = await digestReportFolder(options.folder);

  await deleteObject(s3, bucket, manifestKey);
  await Promise.all(REPORT_FILE_NAMES.map((name) => uploadReportFile(options, name)));

  const files: ManifestFile[] = REPORT_FILE_NAMES.map((name) => {
    const digest = digests.get(name)!;
    return {
      name,
      key: reportKey(account, period, name),
      size: digest.size,
      sha256: digest.sha256,
      contentType: reportFileContentType(name),
    };
  });
  const manifest: ReportManifest = {
    account,
    period,
    generatedAt: (options.now ?? (() => new Date()))().toISOString(),
    files,
    figures: options.figures,
  };
  await putJsonObject(s3, bucket, manifestKey, manifest);
  return manifest;
}
