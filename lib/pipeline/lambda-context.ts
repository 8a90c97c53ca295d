import { ConfigError, RUNTIME_ENV, readRuntimeConfig } from '../config';
import { createS3Client, createSesClient, defaultSecretSource } from '../delivery';
import { powertoolsReportMetrics } from '../metrics';
import type { DeliveryContext } from './deliver-report';

/**
 * What a deployed function works with, made once per process: the configuration the stack deployed it
 * with, clients for S3 and Secrets Manager, and the metrics. `AWS_ENDPOINT_URL_S3` and `AWS_ENDPOINT_URL_SES`
 * (the SDK's own variables) point the clients at the local emulators; Secrets Manager reads its own.
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
