import { resolve } from 'node:path';
import { ConfigError, MAX_PORT, parsePort, TOKEN68_PATTERN, UsageError } from '../config';
import { DEFAULT_SANDBOX_PORT } from '../sandbox';
import { localDemoConfig } from './demo-config';
import { LOOPBACK_HOST } from './port-probe';

/** The ports of the stack's four servers; 0 picks a free port. */
export interface LocalStackPorts {
  reportApi: number;
  sandbox: number;
  s3Emulator: number;
  sesEmulator: number;
}

/** The servers of the local stack, as messages name them. */
export type LocalService = keyof LocalStackPorts;

/** What `npm start` reads from its environment, every default filled in. */
export interface LocalStackSettings {
  ports: LocalStackPorts;
  /** The report API's bearer token. */
  reportApiToken: string;
  /** The key the sandbox asks for; it is also the `demo` account's API key. */
  sandboxApiKey: string;
  /** The `demo` account's IANA time zone: the months of its reports are read there. */
  timezone: string;
  /** Where the S3 emulator's objects and the link signing key are kept; absolute. */
  stateDir: string;
}

/** The environment variable behind each setting. */
export const LOCAL_STACK_ENV = {
  ports: {
    reportApi: 'REPORT_API_PORT',
    sandbox: 'SANDBOX_PORT',
    s3Emulator: 'S3_EMULATOR_PORT',
    sesEmulator: 'SES_EMULATOR_PORT',
  },
  reportApiToken: 'REPORT_API_TOKEN',
  sandboxApiKey: 'SANDBOX_API_KEY',
  timezone: 'LOCAL_TIMEZONE',
  stateDir: 'LOCAL_STATE_DIR',
} as const satisfies { ports: Record<LocalService, string> } & Record<string, unknown>;

/** How messages name each server. */
export const SERVICE_NAMES: Record<LocalService, string> = {
  reportApi: 'report API',
  sandbox: 'sandbox',
  s3Emulator: 'S3 emulator',
  sesEmulator: 'SES emulator',
};

/**
 * The defaults of `npm start` (the ports are DESIGN.md's). The time zone is UTC: the service keeps its
 * timestamps in UTC, `npm run report` reads months in UTC unless told otherwise, and a demo that reads
 * months in UTC shows the same figures on every machine, whatever zone the machine is set to.
 */
export const LOCAL_STACK_DEFAULTS = {
  ports: { reportApi: 3000, sandbox: DEFAULT_SANDBOX_PORT, s3Emulator: 4569, sesEmulator: 8005 },
  reportApiToken: 'local-dev-token',
  sandboxApiKey: 'sandbox-key',
  timezone: 'UTC',
  stateDir: '.local',
} as const satisfies Omit<LocalStackSettings, 'ports'> & { ports: LocalStackPorts };

function readPort(env: NodeJS.ProcessEnv, service: LocalService): number {
  const variable = LOCAL_STACK_ENV.ports[service];
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return LOCAL_STACK_DEFAULTS.ports[service];
  const port = parsePort(text);
  if (port === undefined) {
    throw new UsageError(
      `${variable} must be a port number from 0 to ${MAX_PORT} (0 picks a free one), not ${JSON.stringify(text)}`,
    );
  }
  return port;
}

function readToken(env: NodeJS.ProcessEnv, variable: string, fallback: string): string {
  const text = env[variable]?.trim();
  if (text === undefined || text === '') return fallback;
  if (!TOKEN68_PATTERN.test(text)) {
    // The value is a secret: the message says what is wrong with it, never what it is.
    throw new UsageError(`${variable} must be letters, digits and . _ ~ + / - (optionally ending in =)`);
  }
  return text;
}

/**
 * Checks a time zone with the configuration's own schema (the one every account goes through), so
 * the local stack accepts exactly what a deployment would.
 */
function readTimezone(env: NodeJS.ProcessEnv): string {
  const variable = LOCAL_STACK_ENV.timezone;
  const zone = env[variable]?.trim() || LOCAL_STACK_DEFAULTS.timezone;
  try {
    localDemoConfig({ apiUrl: `http://${LOOPBACK_HOST}`, timezone: zone });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const issue = error.issues.find((each) => each.path.endsWith('timezone')) ?? error.issues[0];
    throw new UsageError(
      `${variable}: ${issue?.message ?? 'not a time zone'} (an IANA name such as UTC or Europe/Berlin)`,
    );
  }
  return zone;
}

/** Two servers cannot share a port; 0 (any free port) may repeat. */
function checkDistinctPorts(ports: LocalStackPorts): void {
  const seen = new Map<number, LocalService>();
  for (const service of Object.keys(ports) as LocalService[]) {
    const port = ports[service];
    const earlier = seen.get(port);
    if (port !== 0 && earlier !== undefined) {
      const [first, second] = [LOCAL_STACK_ENV.ports[earlier], LOCAL_STACK_ENV.ports[service]];
      throw new UsageError(`${first} and ${second} are both ${port}: give each server its own port`);
    }
    seen.set(port, service);
  }
}

/**
 * Reads the local stack's settings from the environment: `REPORT_API_PORT` (3000), `SANDBOX_PORT`
 * (4010), `S3_EMULATOR_PORT` (4569), `SES_EMULATOR_PORT` (8005), `REPORT_API_TOKEN`
 * (`local-dev-token`), `SANDBOX_API_KEY` (`sandbox-key`), `LOCAL_TIMEZONE` (`UTC`) and
 * `LOCAL_STATE_DIR` (`.local`, resolved against `cwd`). An empty variable counts as unset.
 * @throws UsageError naming the first variable that cannot be used
 */
export function readLocalStackEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): LocalStackSettings {
  const ports: LocalStackPorts = {
    reportApi: readPort(env, 'reportApi'),
    sandbox: readPort(env, 'sandbox'),
    s3Emulator: readPort(env, 's3Emulator'),
    sesEmulator: readPort(env, 'sesEmulator'),
  };
  checkDistinctPorts(ports);
  const stateDir = env[LOCAL_STACK_ENV.stateDir]?.trim() || LOCAL_STACK_DEFAULTS.stateDir;
  return {
    ports,
    reportApiToken: readToken(env, LOCAL_STACK_ENV.reportApiToken, LOCAL_STACK_DEFAULTS.reportApiToken),
    sandboxApiKey: readToken(env, LOCAL_STACK_ENV.sandboxApiKey, LOCAL_STACK_DEFAULTS.sandboxApiKey),
    timezone: readTimezone(env),
    stateDir: resolve(cwd, stateDir),
  };
}
