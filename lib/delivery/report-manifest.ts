import { paginateListObjectsV2 } from '@aws-sdk/client-s3';
import * as z from 'zod';
import { isPeriodId } from '../period';
import { REPORT_FILE_NAMES, type ReportFileName } from './report-files';
import { accountPrefix, isBuildId, isReportFileKeyOf, manifestKey } from './report-key';
import { type ReportLocation, readJsonObject, type StoredJson } from './s3-objects';

const manifestFileSchema = z.object({
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
 * `manifest.json`: its presence marks the period's report complete, and `files` say where its build's
 * files are (beside it, without a `buildId`, from before builds had folders). Delivery never reads `figures`.
 */
const reportManifestSchema = z.preprocess(
  periodFromMonth,
  z.object({
    account: z.string(),
    period: z.string(),
    buildId: z.string().refine(isBuildId, 'must be a build id').optional(),
    generatedAt: z.iso.datetime(),
    files: z.array(manifestFileSchema),
    figures: z.record(z.string(), z.unknown()),
    /** Builds replaced less than `SUPERSEDED_BUILD_KEEP_MS` before the last switch, oldest first. */
    superseded: z.array(z.object({ supersededAt: z.iso.datetime(), keys: z.array(z.string()) })).default([]),
  }),
);

export type ManifestFile = z.infer<typeof manifestFileSchema>;
export type ReportManifest = z.output<typeof reportManifestSchema>;

/**
 * The period's manifest, or what is wrong with it (so a new build can still replace it), with the ETag a
 * switch names; `null` when there is none. @throws InvalidReportKeyError
 */
export async function readStoredManifest(where: ReportLocation): Promise<StoredJson<ReportManifest> | null> {
  const { account, period } = where;
  return readJsonObject(where, manifestKey(account, period), reportManifestSchema, {
    check: (manifest): string | undefined => {
      if (manifest.account !== account || manifest.period !== period) {
        return `it describes ${manifest.account} ${manifest.period}`;
      }
      const keys = [...manifest.files.map((file) => file.key), ...manifest.superseded.flatMap((b) => b.keys)];
      const stray = keys.find((each) => !isReportFileKeyOf(each, account, period));
      if (stray !== undefined)
        return `it lists ${JSON.stringify(stray)}, not a report file of ${account} ${period}`;
    },
  });
}

/** The manifest of a saved, complete report, or `null`. @throws InvalidReportKeyError; CorruptObjectError */
export async function readManifest(options: ReportLocation): Promise<ReportManifest | null> {
  const stored = await readStoredManifest(options);
  if (stored?.error) throw stored.error;
  return stored?.value ?? null;
}

export function manifestFile(manifest: ReportManifest, fileName: ReportFileName): ManifestFile | undefined {
  return manifest.files.find((file) => file.name === fileName);
}

/**
 * The periods S3 holds anything for under `reports/<account>/`, in S3's order, listed with a delimiter so
 * that the files inside are not; whether one has a complete report is its manifest's to say.
 */
export async function listReportPeriods(options: Omit<ReportLocation, 'period'>): Promise<string[]> {
  const prefix = accountPrefix(options.account);
  const periods: string[] = [];
  const pages = paginateListObjectsV2(
    { client: options.s3 },
    { Bucket: options.bucket, Prefix: prefix, Delimiter: '/' },
  );
  for await (const page of pages) {
    for (const { Prefix: folder } of page.CommonPrefixes ?? []) {
      const period = folder?.slice(prefix.length, -1);
      if (period !== undefined && isPeriodId(period)) periods.push(period);
    }
  }
  return periods;
}
