import { resolve } from 'node:path';
import {
  ConfigError,
  type DeploymentConfigInput,
  MAX_PORT,
  parseDeploymentConfig,
  parsePort,
  UsageError,
} from '../config';
import { checkedToken, DEFAULT_SANDBOX_PORT, DEFAULT_SEED, sandboxProjectNames } from '../sandbox';

/** Each server: how messages name it, the variable of its port, and its port by default (DESIGN.md's). */
export const SERVICES = {
  reportApi: ['report API', 'REPORT_API_PORT', 3000],
  sandbox: ['sandbox', 'SANDBOX_PORT', DEFAULT_SANDBOX_PORT],
  s3Emulator: ['S3 emulator', 'S3_EMULATOR_PORT', 4569],
  sesEmulator: ['SES emulator', 'SES_EMULATOR_PORT', 8005],
} as const;
export type LocalService = keyof typeof SERVICES;

/**
 * The local stack's settings from the environment (an empty variable is unset). The zone is UTC by
 * default, so that the demo shows the same figures on every machine.
 * @throws UsageError naming the first variable that cannot be used
 */
export function readLocalStackEnv(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()) {
  const read = (variable: string) => env[variable]?.trim() || undefined;
  const ports = {} as Record<LocalService, number>; // 0 picks a free port
  const taken = new Map<number, string>();
  for (const [service, [, variable, fallback]] of Object.entries(SERVICES)) {
    const text = read(variable);
    const port = text === undefined ? fallback : parsePort(text);
    if (port === undefined) {
      throw new UsageError(
        `${variable} must be a port number from 0 to ${MAX_PORT} (0 picks a free one), not ${JSON.stringify(text)}`,
      );
    }
    // Two servers cannot share a port; 0 (any free port) may repeat.
    if (port !== 0 && taken.has(port)) {
      throw new UsageError(
        `${taken.get(port)} and ${variable} are both ${port}: give each server its own port`,
      );
    }
    taken.set(port, variable);
    ports[service as LocalService] = port;
  }
  const reportApiToken = checkedToken('REPORT_API_TOKEN', read('REPORT_API_TOKEN') ?? 'local-dev-token');
  const sandboxApiKey = checkedToken('SANDBOX_API_KEY', read('SANDBOX_API_KEY') ?? 'sandbox-key');
  const timezone = read('LOCAL_TIMEZONE') ?? 'UTC';
  try {
    // The configuration's own schema, so that the local stack accepts exactly what a deployment would.
    localDemoConfig({ apiUrl: 'http://127.0.0.1', timezone });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const issue = error.issues.find((each) => each.path.endsWith('timezone')) ?? error.issues[0];
    throw new UsageError(
      `LOCAL_TIMEZONE: ${issue?.message ?? 'not a time zone'} (an IANA name such as UTC or Europe/Berlin)`,
    );
  }
  return {
    ports,
    reportApiToken,
    sandboxApiKey,
    timezone,
    stateDir: resolve(cwd, read('LOCAL_STATE_DIR') ?? '.local'),
  };
}

/**
 * The local stack's configuration: `demo` in the given zone and `demo-tokyo` in Asia/Tokyo, both reading
 * the sandbox, each in a schedule slot of its own so that `npm start` fans out two slots. The stack
 * supplies their secrets itself.
 */
export function localDemoConfig(options: {
  /** The sandbox's base URL. */
  apiUrl: string;
  /** `demo`'s time zone. @default 'UTC' */
  timezone?: string;
}) {
  const account = (name: string, displayName: string, timezone: string, recipient: string) => ({
    name,
    displayName,
    apiUrl: options.apiUrl,
    apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
    timezone,
    recipients: [recipient],
    sender: 'reports@example.com',
    projects: sandboxProjectNames(DEFAULT_SEED),
  });
  return parseDeploymentConfig(
    {
      accounts: [
        account('demo', 'Demo merchant', options.timezone ?? 'UTC', 'accounting@example.com'),
        // The same sandbox read nine hours ahead of UTC.
        account('demo-tokyo', 'Demo merchant Tokyo', 'Asia/Tokyo', 'tokyo-office@example.com'),
      ],
      // Required by the schema; the local stack raises no alarms, so nothing is ever sent to it.
      alarmEmail: 'alarms@example.com',
    } satisfies DeploymentConfigInput,
    'local demo configuration',
  );
}
