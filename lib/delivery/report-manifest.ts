import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { isBuildId } from './build-id';
import { CorruptObjectError } from './errors';
import { REPORT_FILE_NAMES, type ReportFileName } from './report-files';
import { isReportFileKeyOf, manifestKey } from './report-key';
import { getObjectVersion, parseJsonObject } from './s3-objects';

/** One saved report file, as listed in the manifest. */
export const manifestFileSchema = z.object({
  name: z.enum(REPORT_FILE_NAMES),
  key: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string(),
});

/**
 * A build this one replaced, kept for a while so that a download URL presigned for it just before the
 * switch still works; the next build of the period after that deletes its files.
 */
export const supersededBuildSchema = z.object({
  /** When the manifest stopped pointing at it. */
  supersededAt: z.iso.datetime(),
  /** Its files' keys. */
  keys: z.array(z.string()),
});

/** Manifests saved before quarters and years named their period `month`: read it as `period`. */
function periodFromMonth(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'period' in value || !('month' in value)) return value;
  const { month, ...rest } = value as Record<string, unknown>;
  return { ...rest, period: month };
}

/**
 * `manifest.json`: it switches a period to one complete build, so its presence marks the report complete
 * and its `files` say where that build's files are. `figures` is whatever small JSON object the caller
 * passed (headline numbers); delivery never reads it. A manifest saved before builds had folders of their
 * own has no `buildId`, and its files lie beside it.
 */
export const reportManifestSchema = z.preprocess(
  periodFromMonth,
  z.object({
    account: z.string(),
    /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
    period: z.string(),
    /** The build the period is switched to. */
    buildId: z.string().refine(isBuildId, 'must be a build id').optional(),
    generatedAt: z.iso.datetime(),
    files: z.array(manifestFileSchema),
    figures: z.record(z.string(), z.unknown()),
    /** The builds replaced less than `SUPERSEDED_BUILD_KEEP_MS` before the last switch, oldest first. */
    superseded: z.array(supersededBuildSchema).default([]),
  }),
);

/** One file entry of a manifest. */
export type ManifestFile = z.infer<typeof manifestFileSchema>;
/** A build that a later one replaced, still kept for downloads under way. */
export type SupersededBuild = z.infer<typeof supersededBuildSchema>;
/** The manifest of a complete report. */
export type ReportManifest = z.output<typeof reportManifestSchema>;

/** Options of `readManifest`. */
export interface ReadManifestOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  period: string;
}

/**
 * A period's manifest as S3 holds it, with the ETag a switch names (`If-Match`): its content, or what is
 * wrong with it, so that a new build can still replace a manifest nobody can read.
 */
export type StoredManifest =
  | { manifest: ReportManifest; etag: string | undefined }
  | { error: CorruptObjectError; etag: string | undefined };

/**
 * The period's manifest and its ETag, or `null` when the period has none.
 * @throws InvalidReportKeyError for an invalid account or period
 */
export async function readStoredManifest(options: ReadManifestOptions): Promise<StoredManifest | null> {
  const { account, period } = options;
  const key = manifestKey(account, period);
  const version = await getObjectVersion(options.s3, options.bucket, key);
  if (version === null) return null;
  try {
    const manifest = parseJsonObject(key, version.text, reportManifestSchema);
    if (manifest.account !== account || manifest.period !== period) {
      throw new CorruptObjectError(key, `it describes ${manifest.account} ${manifest.period}`);
    }
    const keys = [
      ...manifest.files.map((file) => file.key),
      ...manifest.superseded.flatMap((build) => build.keys),
    ];
    const stray = keys.find((each) => !isReportFileKeyOf(each, account, period));
    if (stray !== undefined) {
      throw new CorruptObjectError(
        key,
        `it lists ${JSON.stringify(stray)}, not a report file of ${account} ${period}`,
      );
    }
    return { manifest, etag: version.etag };
  } catch (error) {
    if (error instanceof CorruptObjectError) return { error, etag: version.etag };
    throw error;
  }
}

/**
 * The manifest of a saved report, or `null` when the report is missing or not complete (no manifest yet).
 * @throws InvalidReportKeyError for an invalid account or period
 * @throws CorruptObjectError when the stored manifest is not a manifest of this account and period, or
 * lists a key outside its report files
 */
export async function readManifest(options: ReadManifestOptions): Promise<ReportManifest | null> {
  const stored = await readStoredManifest(options);
  if (stored === null) return null;
  if ('error' in stored) throw stored.error;
  return stored.manifest;
}

/** The entry of `fileName` in a manifest, or undefined when the report has no such file. */
export function manifestFile(manifest: ReportManifest, fileName: ReportFileName): ManifestFile | undefined {
  return manifest.files.find((file) => file.name === fileName);
}
