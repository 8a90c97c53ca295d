import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ReportObjectName } from './report-key';
import { reportKey } from './report-key';

/** Options of `presignReportFile`. */
export interface PresignReportFileOptions {
  s3: S3Client;
  bucket: string;
  account: string;
  /** A month `2026-10`, a quarter `2026-Q3` or a year `2026`. */
  period: string;
  fileName: ReportObjectName;
  /** Lifetime of the URL: minutes, not days (see `signReportLink` for links that last). @default 300 */
  expiresInSeconds?: number;
}

/** SigV4's longest presigned lifetime: seven days. */
export const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

/**
 * A presigned `GET` URL for one report file. It dies when the signing credentials do (a Lambda role's
 * last hours), whatever its lifetime says, so it is made at the moment a reader asks for the file.
 * @throws InvalidReportKeyError for an invalid account, period or file name; RangeError for a lifetime
 * that is not 1 s to 7 days
 */
export async function presignReportFile(options: PresignReportFileOptions): Promise<string> {
  const expiresIn = options.expiresInSeconds ?? 300;
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
  const key = reportKey(options.account, options.period, options.fileName);
  return getSignedUrl(options.s3, new GetObjectCommand({ Bucket: options.bucket, Key: key }), { expiresIn });
}
