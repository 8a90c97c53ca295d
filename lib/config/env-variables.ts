import { ConfigError } from './config-error';

/** After powertools' `getStringFromEnv` (commons, only a transitive dependency), with ConfigErrors. */
export interface EnvOptions<T> {
  key: string;
  /** Returned when the variable is unset or empty; without it such a variable is an error. */
  defaultValue?: T;
  /** Says what to do about it; appended to the error. */
  hint?: string;
  /** @default process.env */
  env?: NodeJS.ProcessEnv;
}

/** The variable's value, trimmed; undefined when it is unset or blank. */
export function readEnvValue({ key, env = process.env }: EnvOptions<unknown>): string | undefined {
  const value = env[key]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** The error for a variable that is set but cannot be used, e.g. `REPORT_API_URL: must be an https URL`. */
export function badVariable(key: string, message: string): ConfigError {
  return new ConfigError('Invalid runtime environment', [{ path: key, message }]);
}

/** A string variable, trimmed. @throws ConfigError naming the variable when it is unset and has no default */
export function getStringFromEnv(options: EnvOptions<string>): string {
  const value = readEnvValue(options);
  if (value !== undefined) return value;
  if (options.defaultValue !== undefined) return options.defaultValue;
  const hint = options.hint ? `; ${options.hint}` : '';
  throw badVariable(options.key, `environment variable is required but not set${hint}`);
}
