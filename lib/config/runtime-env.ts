import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './config-error';
import { configTextDigest, readDeploymentConfigFile } from './config-file';
import type { DeploymentConfig } from './deployment-config';
import { apiUrlSchema } from './field-schemas';

/** Names of the environment variables the stack sets on the functions. */
export const RUNTIME_ENV = {
  /** The configuration's JSON file; a relative path is read from `LAMBDA_TASK_ROOT` (else the working directory). */
  configFile: 'REPORT_CONFIG_FILE',
  /** The SHA-256 of the bundled file (`runtimeConfigDigest`): a file with it is not checked again. */
  configDigest: 'REPORT_CONFIG_SHA256',
  bucket: 'REPORT_BUCKET',
  /** The report API's base URL, for emailed links: the scheduled function's only (see `ReportStack`). */
  reportApiUrl: 'REPORT_API_URL',
} as const;

/** The configuration file's name in each function's bundle (4 KB of environment hold about ten accounts). */
export const BUNDLED_CONFIG_FILE = 'deployment-config.json';

/** What a Lambda function knows about its deployment. */
export interface RuntimeConfig extends DeploymentConfig {
  bucket: string;
  /** Without a trailing slash; absent in the report API itself. */
  reportApiUrl?: string;
}

const STACK_HINT = 'the CDK stack sets it; for a local run, set it yourself';

/** The variable's value, trimmed; undefined when it is unset or blank. */
function envValue(env: NodeJS.ProcessEnv, key: string): string | undefined {
  return env[key]?.trim() || undefined;
}

function badVariable(key: string, message: string): ConfigError {
  return new ConfigError('Invalid runtime environment', [{ path: key, message }]);
}

/** @throws ConfigError naming the variable when it is unset or blank */
function requiredEnv(env: NodeJS.ProcessEnv, key: string): string {
  const value = envValue(env, key);
  if (value === undefined)
    throw badVariable(key, `environment variable is required but not set; ${STACK_HINT}`);
  return value;
}

/** The bundled configuration file's text: the checked configuration, defaults filled in. */
export function runtimeConfigText(config: DeploymentConfig): string {
  return `${JSON.stringify(config)}\n`;
}

export function runtimeConfigDigest(config: DeploymentConfig): string {
  return configTextDigest(runtimeConfigText(config));
}

/** The environment of a deployed function, built by the stack; `readRuntimeConfig` reads it back. */
export function toRuntimeEnv(options: {
  /** Left out for a function that touches no report (the fan-out's dispatcher). */
  bucket?: string;
  reportApiUrl?: string;
  /** @default BUNDLED_CONFIG_FILE */
  configFile?: string;
  /** Without it the file is checked at every cold start. */
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
 * Reads the file named by `REPORT_CONFIG_FILE`, checked unless it is the file synth checked.
 * @throws ConfigError naming the variable (`REPORT_CONFIG_FILE: cannot read "x.json" (ENOENT)`) or each bad field
 */
export function readBundledConfig(env: NodeJS.ProcessEnv = process.env): DeploymentConfig {
  const file = requiredEnv(env, RUNTIME_ENV.configFile);
  const folder = envValue(env, 'LAMBDA_TASK_ROOT') ?? process.cwd();
  return readDeploymentConfigFile(
    isAbsolute(file) ? file : resolve(folder, file),
    { setting: RUNTIME_ENV.configFile, settingTitle: 'Invalid runtime environment', shownAs: file },
    { checkedDigest: envValue(env, RUNTIME_ENV.configDigest) },
  );
}

/**
 * The configuration (`readBundledConfig`), the bucket and, for the scheduled function, the report API's URL.
 * @throws ConfigError naming the missing or bad variable, or each bad field of the configuration file
 */
export function readRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const config = readBundledConfig(env);
  const bucket = requiredEnv(env, RUNTIME_ENV.bucket);
  const reportApiUrl = envValue(env, RUNTIME_ENV.reportApiUrl);
  if (reportApiUrl !== undefined && !apiUrlSchema.safeParse(reportApiUrl).success) {
    throw badVariable(RUNTIME_ENV.reportApiUrl, 'must be an https URL (plain http only for localhost)');
  }
  return {
    ...config,
    bucket,
    ...(reportApiUrl === undefined ? {} : { reportApiUrl: reportApiUrl.replace(/\/+$/, '') }),
  };
}
