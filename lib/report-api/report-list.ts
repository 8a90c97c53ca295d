import pLimit from 'p-limit';
import * as z from 'zod';
import type { AccountConfig } from '../config';
import {
  CorruptObjectError,
  isReportFileName,
  listReportPeriods,
  type ReportFileName,
  type ReportManifest,
  readManifest,
} from '../delivery';
import { type Period, parsePeriod, periodBounds } from '../period';
import type { PublishContext } from '../pipeline';
import type { ReportApiLogger } from './report-api-options';
import { progressAt, type ReportProgress } from './report-progress';

/** Manifests read at once while listing: S3 answers each in tens of milliseconds. */
const MANIFEST_READS_AT_ONCE = 8;

/** A complete report that S3 holds, as the list of an account's reports shows it. */
export interface ListedReport extends ReportProgress {
  period: Period;
  /** When it was built (its manifest's `generatedAt`). */
  generatedAt: string;
  /** The headline figures its manifest holds, as stored. */
  figures: Record<string, unknown>;
  /** The files its manifest lists, in the manifest's order. */
  files: ReportFileName[];
  /** The instants of its period in the account's time zone, for the order. */
  bounds: { start: number; end: number };
}

function listed(manifest: ReportManifest, timezone: string): ListedReport {
  const period = parsePeriod(manifest.period);
  const bounds = periodBounds(period, timezone);
  return {
    period,
    generatedAt: manifest.generatedAt,
    ...progressAt(new Date(bounds.end).toISOString(), manifest.generatedAt),
    figures: manifest.figures,
    files: manifest.files.map((file) => file.name).filter(isReportFileName),
    bounds,
  };
}

/**
 * Newest first: the period that ends last first and, of periods that end together (October, Q4 and the
 * year), the shortest.
 */
function newestFirst(a: ListedReport, b: ListedReport): number {
  return b.bounds.end - a.bounds.end || b.bounds.start - a.bounds.start;
}

/**
 * The account's complete reports in S3, newest first: the periods it has a folder for whose manifest
 * says they are complete. A manifest that cannot be read is left out and logged rather than taking the
 * whole list down; so is a folder with no manifest (a build under way, or a delivery record only).
 * @throws the S3 client's error when listing fails
 */
export async function listReports(
  publish: Pick<PublishContext, 's3' | 'bucket'>,
  account: AccountConfig,
  logger: ReportApiLogger,
): Promise<ListedReport[]> {
  const { s3, bucket } = publish;
  const periods = await listReportPeriods({ s3, bucket, account: account.name });
  const limit = pLimit(MANIFEST_READS_AT_ONCE);
  const manifests = await Promise.all(
    periods.map((period) =>
      limit(async () => {
        try {
          return await readManifest({ s3, bucket, account: account.name, period });
        } catch (error) {
          if (!(error instanceof CorruptObjectError)) throw error;
          logger.error('report left out of the list', { account: account.name, period, key: error.key });
          return null;
        }
      }),
    ),
  );
  return manifests
    .filter((manifest) => manifest !== null)
    .map((manifest) => listed(manifest, account.timezone))
    .sort(newestFirst);
}

const countSchema = z.int().nonnegative();

/** The manifest's figures that the list shows; one that is missing or malformed is shown as missing. */
const shownFiguresSchema = z.object({
  paidInvoices: countSchema.optional().catch(undefined),
  paidTotalUSD: z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .optional()
    .catch(undefined),
  payments: countSchema.optional().catch(undefined),
  unmatchedPayments: countSchema.optional().catch(undefined),
  unmatchedEstimatedUSD: z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .optional()
    .catch(undefined),
  unmatchedWithLikelyInvoice: countSchema.optional().catch(undefined),
  reconciliationOk: z.boolean().optional().catch(undefined),
});

/** The headline figures the list shows, from a manifest's `figures` (which delivery stores as given). */
export function shownFigures(figures: Record<string, unknown>): z.output<typeof shownFiguresSchema> {
  return shownFiguresSchema.parse(figures);
}
