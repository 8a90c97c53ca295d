import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import * as z from 'zod';
import { InvalidReportFolderError } from './errors';
import { digestFile, type FileDigest } from './file-digest';
import type { ReportBuild } from './report-build';
import {
  REPORT_FILE_NAMES,
  type ReportFileName,
  reportContentDisposition,
  reportFileContentType,
} from './report-files';
import { buildFileKey } from './report-key';
import type { ManifestFile } from './report-manifest';
import { deleteObjectsQuietly } from './s3-objects';
import { type ManifestSwitch, switchManifest } from './switch-manifest';

/** Options of `saveReport`. */
export interface SaveReportOptions {
  s3: S3Client;
  bucket: string;
  /** The build, begun (`beginReportBuild`) before the report was made. */
  build: ReportBuild;
  /** A folder holding the report's files (`REPORT_FILE_NAMES`). */
  folder: string;
  /** A small JSON object of headline numbers, stored in the manifest as given. */
  figures: Record<string, unknown>;
  /** The manifest's `generatedAt`. @default now() */
  generatedAt?: Date;
  /** The clock of the switch: when the replaced build stops being served. @default () => new Date() */
  now?: () => Date;
}

/** What `saveReport` did: the manifest the period is switched to now, and whether it is this build's. */
export type SavedReport = ManifestSwitch;

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
async function uploadReportFile(
  options: SaveReportOptions,
  name: ReportFileName,
  key: string,
): Promise<void> {
  const { account, period } = options.build;
  const upload = new Upload({
    client: options.s3,
    params: {
      Bucket: options.bucket,
      Key: key,
      Body: createReadStream(join(options.folder, name)),
      ContentType: reportFileContentType(name),
      ContentDisposition: reportContentDisposition(account, period, name),
    },
  });
  await upload.done();
}

/**
 * Saves a report folder as one build of its period, then switches the period to it:
 *
 * 1. The files go to the build's own folder, `reports/<account>/<period>/builds/<buildId>/`, where no
 *    reader looks yet: the period's current report stays served, untouched, the whole time.
 * 2. `manifest.json` is written last, in one conditional write (`switchManifest`), and from then on the
 *    period's files are this build's. A build another one overtook writes no manifest: it deletes its own
 *    files and answers with the manifest that won (`switched: false`). So a manifest only ever lists the
 *    files of one complete build.
 * 3. The builds replaced more than `SUPERSEDED_BUILD_KEEP_MS` ago are deleted.
 *
 * A build that fails while uploading deletes what it uploaded and throws; the previous report is still
 * the period's. (A build cut off outright, by a timeout, leaves files that nothing points at; they expire
 * with the bucket's lifecycle rule.)
 * @throws InvalidReportFolderError for a file missing from the folder or figures that are not an object,
 * before anything is written; the S3 client's error, or those of `switchManifest`
 */
export async function saveReport(options: SaveReportOptions): Promise<SavedReport> {
  const { s3, bucket, build } = options;
  const { account, period, buildId } = build;
  const now = options.now ?? (() => new Date());
  if (!figuresSchema.safeParse(options.figures).success) {
    throw new InvalidReportFolderError('figures must be a JSON object');
  }
  const digests = await digestReportFolder(options.folder);
  const keys = new Map(REPORT_FILE_NAMES.map((name) => [name, buildFileKey(account, period, buildId, name)]));

  // Every upload is let finish before cleaning up, so that none lands after the clean-up.
  const uploads = await Promise.allSettled(
    [...keys].map(([name, key]) => uploadReportFile(options, name, key)),
  );
  const failed = uploads.find((upload) => upload.status === 'rejected');
  if (failed) {
    await deleteObjectsQuietly(s3, bucket, [...keys.values()]);
    throw failed.reason;
  }

  const files: ManifestFile[] = REPORT_FILE_NAMES.map((name) => {
    const digest = digests.get(name)!;
    return {
      name,
      key: keys.get(name)!,
      size: digest.size,
      sha256: digest.sha256,
      contentType: reportFileContentType(name),
    };
  });
  const result = await switchManifest({
    s3,
    bucket,
    build,
    manifest: {
      account,
      period,
      buildId,
      generatedAt: (options.generatedAt ?? now()).toISOString(),
      files,
      figures: options.figures,
    },
    now,
  });
  // Only a lost switch is known not to have been made: after any other failure of it, the files stay.
  if (!result.switched) await deleteObjectsQuietly(s3, bucket, [...keys.values()]);
  return result;
}
