import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Upload } from '@aws-sdk/lib-storage';
import * as z from 'zod';
import { InvalidReportFolderError, ReportBuildError } from './errors';
import { REPORT_FILE_NAMES, reportContentDisposition, reportFileContentType } from './report-files';
import { buildFileKey, manifestKey, newBuildId } from './report-key';
import { type ReportManifest, readStoredManifest } from './report-manifest';
import { deleteObjectsQuietly, isConditionLost, putJsonObject, type ReportLocation } from './s3-objects';

/** How long a replaced build's files are kept after the switch, so no presigned URL outlives its file. */
export const SUPERSEDED_BUILD_KEEP_MS = 60 * 60 * 1000;

/**
 * One build of a period's report under way, and the manifest it means to replace as it was when the build
 * began (`manifest: null` when unreadable; `replaces: null` when there was none, and must still be none).
 */
export interface ReportBuild {
  account: string;
  period: string;
  buildId: string;
  replaces: { etag: string; manifest: ReportManifest | null } | null;
}

/**
 * Begins a build: gives it an id and reads the manifest's ETag before the report is built, so that a
 * build overtaken while it runs loses the switch.
 * @throws InvalidReportKeyError before anything is read; ReportBuildError when S3 answers without an ETag
 */
export async function beginReportBuild(options: ReportLocation & { now?: Date }): Promise<ReportBuild> {
  const { account, period } = options;
  const stored = await readStoredManifest(options);
  if (stored !== null && !stored.etag) {
    const key = manifestKey(account, period);
    throw new ReportBuildError(key, `S3 answered ${key} without an ETag, so no build can replace it safely`);
  }
  const replaces = stored && { etag: stored.etag!, manifest: stored.value ?? null };
  return { account, period, buildId: newBuildId(options.now ?? new Date()), replaces };
}

/**
 * Switches the period to this build with one write of `manifest.json`, conditional on the version the
 * build read. A build that loses answers with the manifest that won; when the one it read has gone, it
 * takes the empty place on the same terms. Then builds replaced over `SUPERSEDED_BUILD_KEEP_MS` ago go.
 * @throws CorruptObjectError when the manifest that won cannot be read; ReportBuildError when it keeps
 * vanishing; the S3 client's error otherwise (the switch may then have been made or not)
 */
async function switchManifest(
  { s3, bucket, build }: SaveReportOptions,
  next: Omit<ReportManifest, 'superseded'>,
  now: () => Date,
): Promise<{ manifest: ReportManifest; switched: boolean }> {
  const location = { s3, bucket, account: build.account, period: build.period };
  const key = manifestKey(build.account, build.period);
  let replaces = build.replaces;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    const at = now();
    const cutoff = at.getTime() - SUPERSEDED_BUILD_KEEP_MS;
    const earlier = replaces?.manifest?.superseded ?? [];
    const kept = earlier.filter((each) => Date.parse(each.supersededAt) > cutoff);
    const expired = earlier.filter((each) => Date.parse(each.supersededAt) <= cutoff);
    if (replaces?.manifest) {
      kept.push({ supersededAt: at.toISOString(), keys: replaces.manifest.files.map((file) => file.key) });
    }
    const manifest: ReportManifest = { ...next, superseded: kept };
    try {
      await putJsonObject(location, key, manifest, replaces ? replaces.etag : null);
    } catch (error) {
      if (!isConditionLost(error)) throw error;
      const current = await readStoredManifest(location);
      if (current === null) {
        replaces = null;
        continue;
      }
      if (current.error) throw current.error;
      // S3 made this very write and lost its answer; the SDK's retry of it then met the manifest (412).
      if (current.value.buildId !== build.buildId) return { manifest: current.value, switched: false };
    }
    await deleteObjectsQuietly(
      location,
      expired.flatMap((each) => each.keys),
    );
    return { manifest, switched: true };
  }
  throw new ReportBuildError(key, `${key} vanished twice while build ${build.buildId} was switching to it`);
}

export interface SaveReportOptions extends Omit<ReportLocation, 'account' | 'period'> {
  /** Begun (`beginReportBuild`) before the report was made. */
  build: ReportBuild;
  /** A folder holding the report's files (`REPORT_FILE_NAMES`). */
  folder: string;
  /** A small JSON object of headline numbers, stored in the manifest as given. */
  figures: Record<string, unknown>;
  /** @default now() */
  generatedAt?: Date;
  /** The clock of the switch: when the replaced build stops being served. @default () => new Date() */
  now?: () => Date;
}

/** Size and SHA-256 of a file, read as a stream (reports can be large). */
async function digestFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Saves a report folder as one build of its period, in its own folder, then switches the period to it, so
 * a manifest only ever lists one complete build; a build overtaken deletes its files and answers with the
 * manifest that won (`switched: false`). A run cut off leaves files that expire with the bucket's lifecycle.
 * @throws InvalidReportFolderError before anything is written; the S3 client's error, or the switch's
 */
export async function saveReport(
  options: SaveReportOptions,
): Promise<{ manifest: ReportManifest; switched: boolean }> {
  const { s3, bucket, build, folder } = options;
  const { account, period, buildId } = build;
  const now = options.now ?? (() => new Date());
  if (!z.record(z.string(), z.unknown()).safeParse(options.figures).success) {
    throw new InvalidReportFolderError('figures must be a JSON object');
  }
  // Every file is checked before anything is written, so a bad folder changes nothing in S3.
  const digests = await Promise.all(
    REPORT_FILE_NAMES.map((name) =>
      digestFile(join(folder, name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT' && error.code !== 'EISDIR') throw error;
        return name;
      }),
    ),
  );
  const missing = digests.filter((digest) => typeof digest === 'string');
  if (missing.length > 0) {
    throw new InvalidReportFolderError(`report folder ${folder} lacks ${missing.join(', ')}`);
  }

  const files = REPORT_FILE_NAMES.map((name, index) => ({
    name,
    key: buildFileKey(account, period, buildId, name),
    ...(digests[index] as { size: number; sha256: string }),
    contentType: reportFileContentType(name),
  }));
  const keys = files.map((file) => file.key);
  // Every upload is let finish before cleaning up, so that none lands after the clean-up.
  const uploads = await Promise.allSettled(
    files.map(({ name, key, contentType }) =>
      new Upload({
        client: s3,
        params: {
          Bucket: bucket,
          Key: key,
          Body: createReadStream(join(folder, name)),
          ContentType: contentType,
          ContentDisposition: reportContentDisposition(account, period, name),
        },
      }).done(),
    ),
  );
  const failed = uploads.find((upload) => upload.status === 'rejected');
  if (failed) {
    await deleteObjectsQuietly(options, keys);
    throw failed.reason;
  }

  const generatedAt = (options.generatedAt ?? now()).toISOString();
  const next = { account, period, buildId, generatedAt, files, figures: options.figures };
  const result = await switchManifest(options, next, now);
  // Only a lost switch is known not to have been made: after any other failure of it, the files stay.
  if (!result.switched) await deleteObjectsQuietly(options, keys);
  return result;
}
