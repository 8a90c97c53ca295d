import type { S3Client } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { REPORT_FILE_NAMES } from '../report-files';
import { CorruptObjectError } from './errors';
import { reportKey } from './report-key';
import { getJsonObject } from './s3-objects';

/** One saved report file, as listed in the manifest. */
export const manifestFileSchema = z.object({
  name: z.enum(REPORT_FILE_NAMES),
  key: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  contentType: z.string(),
});

/** Manifests saved before quarters and years named their period `month`: read it as `period`. */
function periodFromMonth(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'period' in value || !('month' in value)) return value;
  const { month, ...rest } = value as Record<string, unknown>;
  return { ...rest, period: month };
}

/**
 * `manifest.json`: written after every file of a report, so its presence marks the report complete.
 * `figures` is whatever small JSON object the caller passed (headline numbers); delivery never reads it.
 */
export const reportManifestSchema = z.preprocess(
  periodFromMonth,
  z.object({
    account: z.string(),
    /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
    period: z.string(),
    generatedAt: z.iso.datetime(),
    files: z.array(manifestFileSchema),
    figures: z.record(z.string(), z.unknown()),
  }),
);

/** One file entry of a manifest. */
export type ManifestFile = z.infer<typeof manifestFileSchema>;
/** The manifest of a complete report. */
export type ReportManifest = z.infer<typeof reportManifestSchema>;

/** Options of `readManifest`. */
export interface ReadManifestOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  period: string;
}

/**
 * The manifest of a saved report, or `null` when the report is missing or not complete (no manifest yet).
 * @throws InvalidReportKeyError for an invalid account or period
 * @throws CorruptObjectError when the stored manifest is not a manifest of this account and period
 */
export async function readManifest(options: ReadManifestOptions): Promise<ReportManifest | null> {
  const key = reportKey(options.account, options.period, 'manifest.json');
  const manifest = await getJsonObject(options.s3, options.bucket, key, reportManifestSchema);
  if (manifest === null) return null;
  if (manifest.account !== options.account || manifest.period !== options.period) {
    throw new CorruptObjectError(key, `it describes ${manifest.account} ${manifest.period}`);
  }
  return manifest;
}
