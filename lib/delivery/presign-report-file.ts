import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { InvalidReportKeyError } from './errors';
import { isReportFileKey } from './report-key';
import { SUPERSEDED_BUILD_KEEP_MS } from './save-report';

export interface PresignReportFileOptions {
  s3: S3Client;
  bucket: string;
  /** The file's key, as the period's manifest lists it. */
  key: string;
  /** Minutes, not days (see `signReportLink` for links that last). @default 300 */
  expiresInSeconds?: number;
}

/** An hour: no longer than a replaced build's files are kept, so a URL never outlives its file. */
export const MAX_PRESIGN_SECONDS = SUPERSEDED_BUILD_KEEP_MS / 1000;

/**
 * A presigned `GET` URL for one report file. It dies with the signing credentials (a Lambda role's last
 * hours) whatever its lifetime says, so it is made at the moment a reader asks for the file.
 * @throws InvalidReportKeyError for a key that is not a report file's; RangeError for a lifetime that is
 * not 1 s to `MAX_PRESIGN_SECONDS`
 */
export async function presignReportFile(options: PresignReportFileOptions): Promise<string> {
  const expiresIn = options.expiresInSeconds ?? 300;
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_PRESIGN_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${MAX_PRESIGN_SECONDS}`);
  }
  if (!isReportFileKey(options.key)) {
    throw new InvalidReportKeyError(`${JSON.stringify(options.key)} is not the key of a report file`);
  }
  // A merchant's figures: S3 would send Last-Modified and no Cache-Control, which lets a browser or a
  // proxy keep the file by heuristic; the report API's own answers are no-store for the same reason.
  const command = new GetObjectCommand({
    Bucket: options.bucket,
    Key: options.key,
    ResponseCacheControl: 'no-store',
  });
  return getSignedUrl(options.s3, command, { expiresIn });
}
