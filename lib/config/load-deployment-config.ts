import { isAbsolute, resolve } from 'node:path';
import { cdkJsonConfig } from './cdk-context';
import { ConfigError, UsageError } from './config-error';
import { parseJsonText, readDeploymentConfigFile } from './config-file';
import { type ConfigChecks, type DeploymentConfig, parseDeploymentConfig } from './deployment-config';

/** Where the CDK app found its configuration. */
export interface DeploymentConfigSource {
  /** The CDK context value `invoiceReports`: an object (from `cdk.json`) or JSON text (from `-c`). */
  context?: unknown;
  /** The CDK context value `configFile`: a JSON file; when given, it wins over `context`. */
  configFile?: unknown;
  /** What a relative `configFile` is resolved against. @default process.cwd() */
  baseDir?: string;
}

/**
 * The deployment configuration from the file named by the `configFile` context value, or else from the
 * `invoiceReports` context value.
 * @param checks checks beyond the schema's, named with its problems (synth passes a deployment's)
 * @throws ConfigError naming each bad field, the file that could not be read, or the missing configuration
 */
export function loadDeploymentConfig(
  source: DeploymentConfigSource,
  checks?: ConfigChecks,
): DeploymentConfig {
  if (source.configFile !== undefined) {
    if (typeof source.configFile !== 'string' || source.configFile.trim() === '') {
      throw new ConfigError('Invalid CDK context', [
        { path: 'configFile', message: 'must be the path of a JSON file' },
      ]);
    }
    const path = isAbsolute(source.configFile)
      ? source.configFile
      : resolve(source.baseDir ?? process.cwd(), source.configFile);
    const origin = { setting: 'configFile', settingTitle: 'Invalid CDK context', shownAs: source.configFile };
    return readDeploymentConfigFile(path, origin, { checks });
  }
  if (source.context === undefined || source.context === null) {
    throw new ConfigError('Missing deployment configuration', [
      {
        path: 'invoiceReports',
        message: 'set it in cdk.json "context", or name a JSON file with -c configFile=PATH',
      },
    ]);
  }
  const value =
    typeof source.context === 'string'
      ? parseJsonText(source.context, 'context invoiceReports')
      : source.context;
  return parseDeploymentConfig(value, 'context invoiceReports', checks);
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
