import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ConfigChecks, type DeploymentConfig, parseDeploymentConfig } from './deployment-config';
import { ConfigError, UsageError } from './errors';
import { apiUrlSchema } from './field-schemas';

/** The CDK context key the deployment configuration lives under in `cdk.json`. */
export const CONFIG_CONTEXT_KEY = 'invoiceReports';

/** The CloudFormation stack's name, which `cdk deploy` creates and the operator commands look for. */
export const STACK_NAME = 'InvoiceReports';

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

/** Parses JSON text. @throws ConfigError saying the text of `where` is not JSON */
function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid ${where}`, [
      { path: '', message: `is not valid JSON (${(error as Error).message})` },
    ]);
  }
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Reads and checks the configuration file `file` (relative to `baseDir`). A text whose digest is
 * `checkedDigest` is the very text synth checked and wrote, taken as it is: checking it again costs every
 * cold start about 80 µs an account and 10 to 20 ms of compiling the schema.
 * @throws ConfigError `title`, naming `setting`, when the file cannot be read; or naming each bad field
 */
function readConfigFile(
  file: string,
  baseDir: string,
  { setting, title }: { setting: string; title: string },
  { checkedDigest, checks }: { checkedDigest?: string; checks?: ConfigChecks } = {},
): DeploymentConfig {
  let text: string;
  try {
    text = readFileSync(resolve(baseDir, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'read error';
    throw new ConfigError(title, [
      { path: setting, message: `cannot read ${JSON.stringify(file)} (${code})` },
    ]);
  }
  const where = `configuration file ${file}`;
  const json = parseJsonText(text, where);
  if (checkedDigest !== undefined && digestOf(text) === checkedDigest) return json as DeploymentConfig;
  return parseDeploymentConfig(json, where, checks);
}

/**
 * The deployment configuration from the file named by the `configFile` context value (a relative one
 * against `baseDir`), or else from the `invoiceReports` context value (an object from `cdk.json`, or JSON
 * text from `-c`).
 * @param checks checks beyond the schema's, named with its problems (synth passes a deployment's)
 * @throws ConfigError naming each bad field, the file that could not be read, or the missing configuration
 */
export function loadDeploymentConfig(
  source: { context?: unknown; configFile?: unknown; baseDir?: string },
  checks?: ConfigChecks,
): DeploymentConfig {
  const { context, configFile } = source;
  if (configFile !== undefined) {
    if (typeof configFile !== 'string' || configFile.trim() === '') {
      throw new ConfigError('Invalid CDK context', [
        { path: 'configFile', message: 'must be the path of a JSON file' },
      ]);
    }
    const origin = { setting: 'configFile', title: 'Invalid CDK context' };
    return readConfigFile(configFile, source.baseDir ?? process.cwd(), origin, { checks });
  }
  if (context === undefined || context === null) {
    throw new ConfigError('Missing deployment configuration', [
      {
        path: 'invoiceReports',
        message: 'set it in cdk.json "context", or name a JSON file with -c configFile=PATH',
      },
    ]);
  }
  const value = typeof context === 'string' ? parseJsonText(context, 'context invoiceReports') : context;
  return parseDeploymentConfig(value, 'context invoiceReports', checks);
}

/** `cdk.json`'s `context.invoiceReports` in `dir`, as the CDK app reads it; undefined without one. */
function cdkJsonConfig(dir: string): unknown {
  try {
    const cdkJson = JSON.parse(readFileSync(join(dir, 'cdk.json'), 'utf8')) as {
      context?: Record<string, unknown>;
    };
    return cdkJson.context?.[CONFIG_CONTEXT_KEY];
  } catch {
    return undefined;
  }
}

/**
 * The deployed configuration of the repository at `cwd`, read as `cdk synth` reads it: `configFile`
 * (relative to `cwd`), else cdk.json's context. For an operator command, which exits 2 for it.
 * @throws UsageError saying what is wrong with the configuration (the ConfigError its cause)
 */
export function loadRepositoryConfig(cwd: string, configFile?: string): DeploymentConfig {
  try {
    return loadDeploymentConfig({ context: cdkJsonConfig(cwd), configFile, baseDir: cwd });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new UsageError(error.message, { cause: error });
  }
}

/** The bundled configuration file's text: the checked configuration, defaults filled in. */
export function runtimeConfigText(config: DeploymentConfig): string {
  return `${JSON.stringify(config)}\n`;
}

export function runtimeConfigDigest(config: DeploymentConfig): string {
  return digestOf(runtimeConfigText(config));
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
  const env: Record<string, string> = { [RUNTIME_ENV.configFile]: options.configFile ?? BUNDLED_CONFIG_FILE };
  for (const key of ['configDigest', 'bucket', 'reportApiUrl'] as const) {
    if (options[key] !== undefined) env[RUNTIME_ENV[key]] = options[key];
  }
  return env;
}

function badVariable(key: string, message: string): ConfigError {
  return new ConfigError('Invalid runtime environment', [{ path: key, message }]);
}

/** The variable's value, trimmed; undefined when it is unset or blank. @throws ConfigError then if `required` */
function envValue(env: NodeJS.ProcessEnv, key: string, required = false): string | undefined {
  const value = env[key]?.trim() || undefined;
  if (value === undefined && required) {
    const hint = 'the CDK stack sets it; for a local run, set it yourself';
    throw badVariable(key, `environment variable is required but not set; ${hint}`);
  }
  return value;
}

/**
 * Reads the file named by `REPORT_CONFIG_FILE`, checked unless it is the file synth checked.
 * @throws ConfigError naming the variable (`REPORT_CONFIG_FILE: cannot read "x.json" (ENOENT)`) or each bad field
 */
export function readBundledConfig(env: NodeJS.ProcessEnv = process.env): DeploymentConfig {
  const file = envValue(env, RUNTIME_ENV.configFile, true)!;
  return readConfigFile(
    file,
    envValue(env, 'LAMBDA_TASK_ROOT') ?? process.cwd(),
    { setting: RUNTIME_ENV.configFile, title: 'Invalid runtime environment' },
    { checkedDigest: envValue(env, RUNTIME_ENV.configDigest) },
  );
}

/**
 * The configuration (`readBundledConfig`), the bucket and, for the scheduled function, the report API's URL.
 * @throws ConfigError naming the missing or bad variable, or each bad field of the configuration file
 */
export function readRuntimeConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const config = readBundledConfig(env);
  const bucket = envValue(env, RUNTIME_ENV.bucket, true)!;
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
