import { type RuntimeConfig, readRuntimeConfig } from '../config';
import { createS3Client, createSesClient } from '../delivery';
import { defaultSecretSource } from '../secrets';
import type { PublishContext } from './context';

/** What a deployed function works with: its configuration and the AWS clients, made once per process. */
export interface LambdaContext {
  config: RuntimeConfig;
  publish: PublishContext;
  ses: ReturnType<typeof createSesClient>;
}

/**
 * The configuration the stack put in the environment, and clients for S3, SES and Secrets Manager.
 *
 * `AWS_ENDPOINT_URL_S3` and `AWS_ENDPOINT_URL_SES` (the SDK's own variables for another endpoint) point
 * the clients at the local emulators, with the settings those need; Secrets Manager reads
 * `AWS_ENDPOINT_URL_SECRETS_MANAGER` by itself. On AWS none of them is set.
 * @throws ConfigError naming the variable or field that is missing or wrong
 */
export function lambdaContext(env: NodeJS.ProcessEnv = process.env): LambdaContext {
  const config = readRuntimeConfig(env);
  const s3 = createS3Client(endpointOption(env.AWS_ENDPOINT_URL_S3));
  const ses = createSesClient({
    ...endpointOption(env.AWS_ENDPOINT_URL_SES),
    ...(config.sesRegion ? { region: config.sesRegion } : {}),
  });
  return { config, ses, publish: { s3, bucket: config.bucket, secrets: defaultSecretSource() } };
}

function endpointOption(endpoint: string | undefined): { endpoint?: string } {
  return endpoint ? { endpoint } : {};
}
