import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { SESClient, type SESClientConfig } from '@aws-sdk/client-ses';

/** Options shared by `createS3Client` and `createSesClient`. */
export interface AwsClientOptions {
  /** AWS region; with an endpoint and no region configured anywhere, `us-east-1`. */
  region?: string;
  /** A local emulator's URL, such as `http://127.0.0.1:4569`; leave unset for AWS itself. */
  endpoint?: string;
  /**
   * Credentials for the endpoint. With an endpoint and none given, the emulators' local key pair is used,
   * whatever the environment holds (s3rver refuses every other key). Without an endpoint the SDK's usual
   * chain applies (the Lambda role).
   */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/**
 * Credentials the local emulators accept: s3rver checks signatures against its built-in key pair
 * `S3RVER`/`S3RVER`, and aws-ses-v2-local accepts any signed request.
 */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** The region for a client: as given, else from the environment, else (for an emulator) `us-east-1`. */
function resolveRegion(options: AwsClientOptions): string | undefined {
  // `||`, not `??`: an empty variable counts as unset.
  const configured = options.region || process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
  return configured || (options.endpoint ? 'us-east-1' : undefined);
}

/** Endpoint and credentials: the emulator key pair with an endpoint, otherwise only what was passed in. */
function endpointSettings(options: AwsClientOptions) {
  if (!options.endpoint) return options.credentials ? { credentials: options.credentials } : {};
  return { endpoint: options.endpoint, credentials: options.credentials ?? LOCAL_CREDENTIALS };
}

/**
 * An S3 client for AWS, or with `endpoint` for a local emulator (s3rver): path-style addressing
 * (otherwise the SDK asks for `bucket.localhost`) and checksums only when an operation requires them
 * (with default checksums s3rver 3.7 stores the aws-chunked framing of a streamed body as the object's bytes).
 * @example createS3Client({ endpoint: 'http://127.0.0.1:4569' })
 */
export function createS3Client(options: AwsClientOptions = {}): S3Client {
  const config: S3ClientConfig = { region: resolveRegion(options), ...endpointSettings(options) };
  if (options.endpoint) {
    config.forcePathStyle = true;
    config.requestChecksumCalculation = 'WHEN_REQUIRED';
    config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  return new S3Client(config);
}

/** How long one `SendRawEmail` request and its answer may take before the run stops waiting. */
export const SES_REQUEST_TIMEOUT_MS = 60_000;

/** Options of `createSesClient`. */
export interface SesClientOptions extends AwsClientOptions {
  /** @default SES_REQUEST_TIMEOUT_MS */
  requestTimeoutMs?: number;
}

/**
 * An SES (v1 API) client for AWS, or with `endpoint` for a local emulator (aws-ses-v2-local).
 * `maxAttempts: 1` because the SDK's own retries would repeat a request whose answer was lost, after
 * SES may have accepted it (`sendRawEmail` retries throttling only, with backoff it controls). A request
 * that hangs fails after `requestTimeoutMs` (a 10 MB message takes seconds), so the run can say
 * the outcome is unknown instead of being cut off by the function's timeout.
 */
export function createSesClient(options: SesClientOptions = {}): SESClient {
  const requestTimeout = options.requestTimeoutMs ?? SES_REQUEST_TIMEOUT_MS;
  const config: SESClientConfig = {
    region: resolveRegion(options),
    maxAttempts: 1,
    requestHandler: { requestTimeout, throwOnRequestTimeout: true },
    ...endpointSettings(options),
  };
  return new SESClient(config);
}
