import { ConfigError, RUNTIME_ENV, readRuntimeConfig } from '../config';
import { createS3Client, createSesClient, defaultSecretSource } from '../delivery';
import { powertoolsReportMetrics } from '../metrics';
import type { DeliveryContext } from './deliver-report';

/**
 * What a deployed function works with, made once per process: its configuration, clients and metrics.
 * The SDK's own `AWS_ENDPOINT_URL_S3` and `AWS_ENDPOINT_URL_SES` point the clients at local emulators.
 * @throws ConfigError naming the variable or field that is missing or wrong
 */
export function lambdaContext(env: NodeJS.ProcessEnv = process.env) {
  const config = readRuntimeConfig(env);
  const s3 = createS3Client({ endpoint: env.AWS_ENDPOINT_URL_S3 });
  const metrics = powertoolsReportMetrics();
  return {
    config,
    env,
    metrics,
    publish: { s3, bucket: config.bucket, secrets: defaultSecretSource(), metrics },
  };
}

type LambdaContext = ReturnType<typeof lambdaContext>;

/**
 * What the scheduled function emails with (an SES client, made here so that the report API does not load
 * it), and the report API's URL the links point at. @throws ConfigError naming `REPORT_API_URL` if unset
 */
export function scheduledDeliveryContext({ config, env, publish }: LambdaContext): DeliveryContext {
  if (config.reportApiUrl === undefined) {
    const message =
      'environment variable is required but not set: the emailed links point at the report API ' +
      '(the CDK stack sets it; for a local run, set it yourself)';
    throw new ConfigError('Invalid runtime environment', [{ path: RUNTIME_ENV.reportApiUrl, message }]);
  }
  return {
    ...publish,
    ses: createSesClient({ endpoint: env.AWS_ENDPOINT_URL_SES, region: config.sesRegion }),
    reportApiUrl: config.reportApiUrl,
    linkSigningKeySecretName: config.linkSigningKeySecretName,
    linkLifetimeDays: config.linkLifetimeDays,
  };
}
