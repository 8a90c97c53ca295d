import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';

export interface AwsClientOptions {
  /** With an endpoint and no region configured anywhere, `us-east-1`. */
  region?: string | undefined;
  /** A local emulator's URL, such as `http://127.0.0.1:4569`; unset for AWS itself. */
  endpoint?: string | undefined;
  /**
   * With an endpoint and none given, the emulators' key pair, whatever the environment holds (s3rver
   * checks signatures against its built-in `S3RVER`/`S3RVER` and refuses every other key; aws-ses-v2-local
   * accepts any). Without an endpoint the SDK's usual chain applies (the Lambda role).
   */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

function commonSettings({ region, endpoint, credentials }: AwsClientOptions) {
  // `||`, not `??`: an empty variable counts as unset.
  region ||= process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined);
  if (!endpoint) return { region, ...(credentials ? { credentials } : {}) };
  return {
    region,
    endpoint,
    credentials: credentials ?? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
}

/**
 * An S3 client for AWS, or with `endpoint` for s3rver: path-style addressing (otherwise the SDK asks for
 * `bucket.localhost`) and checksums only when required (with default checksums s3rver 3.7 stores the
 * aws-chunked framing of a streamed body as the object's bytes).
 */
export function createS3Client(options: AwsClientOptions = {}): S3Client {
  const local: S3ClientConfig = {
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  return new S3Client({ ...commonSettings(options), ...(options.endpoint ? local : {}) });
}

/**
 * An SES (v1 API) client for AWS, or with `endpoint` for aws-ses-v2-local. `maxAttempts: 1` because the
 * SDK's own retries would repeat a request whose answer was lost, after SES may have accepted it
 * (`sendRawEmail` retries throttling only). A request that hangs fails after `requestTimeoutMs` (60 s; a
 * 10 MB message takes seconds), so the run can say the outcome is unknown before its timeout cuts it off.
 */
export function createSesClient(options: AwsClientOptions & { requestTimeoutMs?: number } = {}): SESClient {
  const requestTimeout = options.requestTimeoutMs ?? 60_000;
  return new SESClient({
    ...commonSettings(options),
    maxAttempts: 1,
    requestHandler: { requestTimeout, throwOnRequestTimeout: true },
  });
}
