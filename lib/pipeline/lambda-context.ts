import { ConfigError, RUNTIME_ENV, type RuntimeConfig, readRuntimeConfig } from '../config';
import { createS3Client, createSesClient, defaultSecretSource } from '../delivery';
import { powertoolsReportMetrics, type ReportMetrics } from '../metrics';
import type { DeliveryContext } from './deliver-report';
import type { PublishContext } from './publish-report';

/** What a deployed function works with, made once per process; `env` is where the endpoints were read. */
export interface LambdaContext {
  config: RuntimeConfig;
  publish: PublishContext;
  metrics: ReportMetrics;
  env: NodeJS.ProcessEnv;
}

/**
 * The configuration the stack deployed the function with, clients for S3 and Secrets Manager, and the
 * metrics. `AWS_ENDPOINT_URL_S3` and `AWS_ENDPOINT_URL_SES` (the SDK's own variables) point the clients at
 * the local emulators with the settings those need; Secrets Manager reads its variable by itself.
 * @throws ConfigError naming the variable or field that is missing or wrong
 */
export function lambdaContext(env: NodeJS.ProcessEnv = process.env): LambdaContext {
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

/**
 * What the scheduled function emails with: an SES client (made here, so that the report API, which sends
 * nothing, does not load it), the report API's URL the links point at, and the link settings.
 * @throws ConfigError naming `REPORT_API_URL` when it is not set (the report API itself runs without it)
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
