import type { S3Client } from '@aws-sdk/client-s3';
import { manifestFile, readManifest } from '../../lib/delivery';
import type { ReportFileName } from '../../lib/delivery/report-files';

/**
 * The S3 key of a report file as a reader is given it: in the build the period's manifest names now.
 * @throws Error when the period has no manifest, or its manifest no such file
 */
export async function servedFileKey(
  s3: S3Client,
  bucket: string,
  account: string,
  period: string,
  fileName: ReportFileName,
): Promise<string> {
  const manifest = await readManifest({ s3, bucket, account, period });
  const key = manifest && manifestFile(manifest, fileName)?.key;
  if (!key) throw new Error(`${account} ${period} serves no ${fileName}`);
  return key;
}
