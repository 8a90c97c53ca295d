import { type DeploymentConfig, parseDeploymentConfig } from './deployment-config';
import { badVariable, getStringFromEnv, readEnvValue } from './env-variables';
import { apiUrlSchema } from './field-schemas';

/** Names of the environment variables the stack sets on both functions. */
export const RUNTIME_ENV = {
  /** The deployment configuration as JSON (secret names only, never values). */
  config: 'REPORT_CONFIG',
  /** The reports bucket's name. */
  bucket: 'REPORT_BUCKET',
  /**
   * The report API's base URL, for links in emails. Only the scheduled function has it: the report API
   * cannot be given its own URL (a circular reference in CloudFormation) and answers with the origin of
   * the request it serves.
   */
  reportApiUrl: 'REPORT_API_URL',
} as const;

/** What a Lambda function knows about its deployment. */
export interface RuntimeConfig extends DeploymentConfig {
  /** Name of the reports bucket. */
  bucket: string;
  /** Base URL of the report API, without a trailing slash; absent in the report API itself. */
  reportApiUrl?: string;
}

const STACK_HINT = 'the CDK stack sets it; for a local run, set it yourself';

/**
 * The environment of a deployed function, built by the stack; `readRuntimeConfig` reads it back.
 * The local stack may use it too, to run the functions' code with the same settings.
 */
export function toRuntimeEnv(
  config: DeploymentConfig,
  options: { bucket: string; reportApiUrl?: string },
): Record<string, string> {
  return {
    [RUNTIME_ENV.config]: JSON.stringify(config),
    [RUNTIME_ENV.bucket]: options.bucket,
    ...(options.reportApiUrl === undefined ? {} : { [RUNTIME_ENV.reportApiUrl]: options.reportApiUrl }),
  };
}

/**
 * Reads the configuration a function was deployed with, checked by the same schema as at synth time.
 *
 * @throws ConfigError naming the missing variable, or each bad field as `REPORT_CONFIG.accounts[0].timezone`
 */
export function readRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const text = getStringFromEnv({ key: RUNTIME_ENV.config, hint: STACK_HINT, env });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badVariable(RUNTIME_ENV.config, 'is not valid JSON');
  }
  const config = parseDeploymentConfig(json, 'runtime environment', RUNTIME_ENV.config);
  const bucket = getStringFromEnv({ key: RUNTIME_ENV.bucket, hint: STACK_HINT, env });
  const reportApiUrl = readEnvValue({ key: RUNTIME_ENV.reportApiUrl, env });
  if (reportApiUrl !== undefined && !apiUrlSchema.safeParse(reportApiUrl).success) {
    throw badVariable(RUNTIME_ENV.reportApiUrl, 'must be an https URL (plain http only for localhost)');
  }
  return {
    ...config,
    bucket,
    ...(reportApiUrl === undefined ? {} : { reportApiUrl: reportApiUrl.replace(/\/+$/, '') }),
  };
}
