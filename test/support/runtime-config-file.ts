import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLED_CONFIG_FILE, type DeploymentConfig, runtimeConfigText } from '../../lib/config';

/** A function's bundled configuration file, written where a test can point `REPORT_CONFIG_FILE` at it. */
export interface RuntimeConfigFile {
  /** The folder holding it, as `/var/task` holds it on Lambda. */
  folder: string;
  /** Its absolute path. */
  path: string;
  remove(): void;
}

/** Writes `config` as the stack bundles it (`runtimeConfigText`), under a fresh temporary folder. */
export function writeRuntimeConfigFile(config: DeploymentConfig): RuntimeConfigFile {
  const folder = mkdtempSync(join(tmpdir(), 'runtime-config-'));
  const path = join(folder, BUNDLED_CONFIG_FILE);
  writeFileSync(path, runtimeConfigText(config));
  return { folder, path, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
