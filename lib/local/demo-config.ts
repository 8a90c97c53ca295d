import { type DeploymentConfig, type DeploymentConfigInput, parseDeploymentConfig } from '../config';
import { DEFAULT_SEED, sandboxProjectNames } from '../sandbox';

/**
 * The configuration of the local stack: one account, `demo`, reading from the sandbox and naming the
 * sandbox's projects. Its secrets are supplied by the local stack itself (see `InMemorySecretSource` in
 * `lib/secrets`).
 */
export function localDemoConfig(options: {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /** @default 'UTC' */
  timezone?: string;
  /** @default ['accounting@example.com'] */
  recipients?: string[];
  /** @default 'reports@example.com' */
  sender?: string;
}): DeploymentConfig {
  return parseDeploymentConfig(
    {
      accounts: [
        {
          name: 'demo',
          displayName: 'Demo merchant',
          apiUrl: options.apiUrl,
          apiKeySecretName: 'invoice-reports/demo/api-key',
          timezone: options.timezone ?? 'UTC',
          recipients: options.recipients ?? ['accounting@example.com'],
          sender: options.sender ?? 'reports@example.com',
          projects: sandboxProjectNames(DEFAULT_SEED),
        },
      ],
      // Required by the schema; the local stack raises no alarms, so nothing is ever sent to it.
      alarmEmail: 'alarms@example.com',
    } satisfies DeploymentConfigInput,
    'local demo configuration',
  );
}
