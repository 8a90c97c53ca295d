import { paginateListObjectsV2, type S3Client } from '@aws-sdk/client-s3';
import { isPeriodId } from '../period';
import { accountPrefix } from './report-key';

/** Options of `listReportPeriods`. */
export interface ListReportPeriodsOptions {
  s3: S3Client;
  bucket: string;
  account: string;
}

/**
 * The periods S3 holds something for under `reports/<account>/` (a report, a build under way, or only a
 * delivery record), as ids in S3's order: one "folder" per period, listed with a delimiter so that the
 * files inside are never listed. Whether a period has a complete report is its manifest's to say
 * (`readManifest`).
 * @throws InvalidReportKeyError for an invalid account
 */
export async function listReportPeriods(options: ListReportPeriodsOptions): Promise<string[]> {
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
