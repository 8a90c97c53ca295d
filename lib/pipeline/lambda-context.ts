import { ConfigError, RUNTIME_ENV, type RuntimeConfig, readRuntimeConfig } from '../config';
import { createS3Client, createSesClient, defaultSecretSource } from '../delivery';
import { powertoolsReportMetrics, type ReportMetrics } from '../metrics';
import type { DeliveryContext, PublishContext } from './context';

/** What a deployed function works with: its configuration and the AWS clients, made once per process. */
export interface LambdaContext {
  config: RuntimeConfig;
  publish: PublishContext;
  /** Where the function's metrics go: EMF lines for CloudWatch (see `powertoolsReportMetrics`). */
  metrics: ReportMetrics;
  /** The environment the endpoints were read from. */
  env: NodeJS.ProcessEnv;
}

/**
 * The configuration the stack deployed the function with (see `readRuntimeConfig`), and clients for S3
 * and Secrets Manager, and the metrics.
 *
 * `AWS_ENDPOINT_URL_S3` and `AWS_ENDPOINT_URL_SES` (the SDK's own variables for another endpoint) point
 * the clients at the local emulators, with the settings those need; Secrets Manager reads
 * `AWS_ENDPOINT_URL_SECRETS_MANAGER` by itself. On AWS none of them is set.
 * @throws ConfigError naming the variable or field that is missing or wrong
 */
export function lambdaContext(env: NodeJS.ProcessEnv = process.env): LambdaContext {
  const config = readRuntimeConfig(env);
  const s3 = createS3Client(endpointOption(env.AWS_ENDPOINT_URL_S3));
  const metrics = powertoolsReportMetrics();
  return {
    config,
    env,
    metrics,
    publish: { s3, bucket: config.bucket, secrets: defaultSecretSource(), metrics },
  };
}

function endpointOption(endpoint: string | undefined): { endpoint?: string } {
  return endpoint ? { endpoint } : {};
}

/**
 * What the scheduled function emails with: the clients of `lambdaContext`, an SES client (made here, so
 * that the report API, which sends nothing, does not load it at start), the report API's URL the links
 * point at, and the link settings of the configuration.
 * @throws ConfigError naming `REPORT_API_URL` when it is not set (the report API itself runs without it)
 */
export function scheduledDeliveryContext(lambda: LambdaContext): DeliveryContext {
  const { config } = lambda;
  if (config.reportApiUrl === undefined) {
    throw new ConfigError('Invalid runtime environment', [
      {
        path: RUNTIME_ENV.reportApiUrl,
        message:
          'environment variable is required but not set: the emailed links point at the report API ' +
          '(the CDK stack sets it; for a local run, set it yourself)',
      },
    ]);
  }
  const ses = createSesClient({
    ...endpointOption(lambda.env.AWS_ENDPOINT_URL_SES),
    ...(config.sesRegion ? { region: config.sesRegion } : {}),
  });
  return {
    ...lambda.publish,
    ses,
    reportApiUrl: config.reportApiUrl,
    linkSigningKeySecretName: config.linkSigningKeySecretName,
    linkLifetimeDays: config.linkLifetimeDays,
  };
}
