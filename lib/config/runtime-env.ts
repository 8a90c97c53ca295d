import { isAbsolute, resolve } from 'node:path';
import { configTextDigest, readDeploymentConfigFile } from './config-file';
import type { DeploymentConfig } from './deployment-config';
import { badVariable, getStringFromEnv, readEnvValue } from './env-variables';
import { apiUrlSchema } from './field-schemas';

/** Names of the environment variables the stack sets on the functions. */
export const RUNTIME_ENV = {
  /**
   * The deployment configuration's JSON file (secret names only, never values). A relative path is
   * read from the function's folder (`LAMBDA_TASK_ROOT`, else the working directory).
   */
  configFile: 'REPORT_CONFIG_FILE',
  /**
   * The SHA-256 of the configuration file the stack bundled (`runtimeConfigDigest`): a file with this
   * digest is read without being checked again (see `readDeploymentConfigFile`); any other is checked.
   */
  configDigest: 'REPORT_CONFIG_SHA256',
  /** The reports bucket's name. */
  bucket: 'REPORT_BUCKET',
  /**
   * The report API's base URL, for links in emails. Only the scheduled function has it: the report API
   * cannot be given its own URL (a circular reference in CloudFormation) and answers with the origin of
   * the request it serves.
   */
  reportApiUrl: 'REPORT_API_URL',
} as const;

/**
 * The configuration file's name in each function's bundle, beside its code. The configuration travels in
 * the code asset rather than in the environment, whose 4 KB would hold about ten accounts.
 */
export const BUNDLED_CONFIG_FILE = 'deployment-config.json';

/** What a Lambda function knows about its deployment. */
export interface RuntimeConfig extends DeploymentConfig {
  /** Name of the reports bucket. */
  bucket: string;
  /** Base URL of the report API, without a trailing slash; absent in the report API itself. */
  reportApiUrl?: string;
}

const STACK_HINT = 'the CDK stack sets it; for a local run, set it yourself';

/** The text of the configuration file the stack bundles with each function: the checked configuration, defaults filled in. */
export function runtimeConfigText(config: DeploymentConfig): string {
  return `${JSON.stringify(config)}\n`;
}

/** The digest of `runtimeConfigText(config)`, which the stack puts beside it in the environment. */
export function runtimeConfigDigest(config: DeploymentConfig): string {
  return configTextDigest(runtimeConfigText(config));
}

/**
 * The environment of a deployed function, built by the stack; `readRuntimeConfig` reads it back. The
 * configuration itself is a file (`runtimeConfigText`), by default the one bundled beside the code.
 */
export function toRuntimeEnv(options: {
  /** Left out for a function that touches no report (the fan-out's dispatcher). */
  bucket?: string;
  reportApiUrl?: string;
  /** @default BUNDLED_CONFIG_FILE */
  configFile?: string;
  /** The bundled file's `runtimeConfigDigest`; without it the file is checked at every cold start. */
  configDigest?: string;
}): Record<string, string> {
  return {
    [RUNTIME_ENV.configFile]: options.configFile ?? BUNDLED_CONFIG_FILE,
    ...(options.configDigest === undefined ? {} : { [RUNTIME_ENV.configDigest]: options.configDigest }),
    ...(options.bucket === undefined ? {} : { [RUNTIME_ENV.bucket]: options.bucket }),
    ...(options.reportApiUrl === undefined ? {} : { [RUNTIME_ENV.reportApiUrl]: options.reportApiUrl }),
  };
}

/**
 * Reads the configuration file named by `REPORT_CONFIG_FILE`, checked by the same schema as at synth time
 * unless it is the very file synth checked (its digest is `REPORT_CONFIG_SHA256`).
 *
 * @throws ConfigError naming the variable when it is missing or its file cannot be read
 * (`REPORT_CONFIG_FILE: cannot read "deployment-config.json" (ENOENT)`), or each bad field of the file
 */
export function readBundledConfig(env: NodeJS.ProcessEnv = process.env): DeploymentConfig {
  const file = getStringFromEnv({ key: RUNTIME_ENV.configFile, hint: STACK_HINT, env });
  const folder = readEnvValue({ key: 'LAMBDA_TASK_ROOT', env }) ?? process.cwd();
  return readDeploymentConfigFile(
    isAbsolute(file) ? file : resolve(folder, file),
    { setting: RUNTIME_ENV.configFile, settingTitle: 'Invalid runtime environment', shownAs: file },
    { checkedDigest: readEnvValue({ key: RUNTIME_ENV.configDigest, env }) },
  );
}

/**
 * Reads what a report function was deployed with: the configuration (`readBundledConfig`), the bucket and,
 * for the scheduled function, the report API's URL.
 *
 * @throws ConfigError naming the missing or bad variable, or each bad field of the configuration file
 */
export function readRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const config = readBundledConfig(env);
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
