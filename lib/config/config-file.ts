import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error';
import { type ConfigChecks, type DeploymentConfig, parseDeploymentConfig } from './deployment-config';

/** The SHA-256 of a configuration file's text, in hex. */
export function configTextDigest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Parses JSON text. @throws ConfigError saying the text of `where` is not JSON */
export function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`Invalid ${where}`, [
      { path: '', message: `is not valid JSON (${(error as Error).message})` },
    ]);
  }
}

/**
 * Reads a deployment configuration from a JSON file and checks it. A text whose digest is `checkedDigest`
 * is the very text synth checked and wrote, taken as it is: checking it again costs every cold start
 * about 80 µs an account and 10 to 20 ms of compiling the schema.
 * @param origin where the file was named, for its errors: the setting (`configFile`, `REPORT_CONFIG_FILE`),
 * the error's title when the file cannot be read, and the file as the setting gave it
 * @throws ConfigError naming the setting when the file cannot be read, or each bad field of the file
 */
export function readDeploymentConfigFile(
  path: string,
  origin: { setting: string; settingTitle: string; shownAs: string },
  { checkedDigest, checks }: { checkedDigest?: string; checks?: ConfigChecks } = {},
): DeploymentConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'read error';
    throw new ConfigError(origin.settingTitle, [
      { path: origin.setting, message: `cannot read ${JSON.stringify(origin.shownAs)} (${code})` },
    ]);
  }
  const where = `configuration file ${origin.shownAs}`;
  const json = parseJsonText(text, where);
  if (checkedDigest !== undefined && configTextDigest(text) === checkedDigest)
    return json as DeploymentConfig;
  return parseDeploymentConfig(json, where, checks);
}
