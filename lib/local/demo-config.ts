import { type DeploymentConfig, type DeploymentConfigInput, parseDeploymentConfig } from '../config';
import { DEFAULT_SEED, sandboxProjectNames } from '../sandbox';

/** The local stack's main account: its time zone is `LOCAL_TIMEZONE` (UTC by default). */
export const LOCAL_ACCOUNT = 'demo';

/** The local stack's second account, in Tokyo: the same sandbox read nine hours ahead of UTC. */
export const LOCAL_TOKYO_ACCOUNT = 'demo-tokyo';

/**
 * The configuration of the local stack: two accounts reading from the sandbox, `demo` in the given zone
 * and `demo-tokyo` in Asia/Tokyo, each in a schedule slot of its own (a slot is a zone and a local time),
 * so that `npm start` runs the monthly fan-out for two slots. Their secrets are supplied by the local
 * stack itself (see `InMemorySecretSource` in `lib/delivery`), under the deployment's account prefix. Both
 * name the sandbox's projects.
 */
export function localDemoConfig(options: {
  /** The sandbox's base URL, e.g. `http://127.0.0.1:4010`. */
  apiUrl: string;
  /** `demo`'s time zone. @default 'UTC' */
  timezone?: string;
}): DeploymentConfig {
  const sender = 'reports@example.com';
  const projects = sandboxProjectNames(DEFAULT_SEED);
  return parseDeploymentConfig(
    {
      accounts: [
        {
          name: LOCAL_ACCOUNT,
          displayName: 'Demo merchant',
          apiUrl: options.apiUrl,
          apiKeySecretName: `invoice-reports/accounts/${LOCAL_ACCOUNT}/api-key`,
          timezone: options.timezone ?? 'UTC',
          recipients: ['accounting@example.com'],
          sender,
          projects,
        },
        {
          name: LOCAL_TOKYO_ACCOUNT,
          displayName: 'Demo merchant Tokyo',
          apiUrl: options.apiUrl,
          apiKeySecretName: `invoice-reports/accounts/${LOCAL_TOKYO_ACCOUNT}/api-key`,
          timezone: 'Asia/Tokyo',
          recipients: ['tokyo-office@example.com'],
          sender,
          projects,
        },
      ],
      // Required by the schema; the local stack raises no alarms, so nothing is ever sent to it.
      alarmEmail: 'alarms@example.com',
    } satisfies DeploymentConfigInput,
    'local demo configuration',
  );
}
