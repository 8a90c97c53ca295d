import { type DeploymentConfig, type DeploymentConfigInput, parseDeploymentConfig } from '../config';
import { DEFAULT_SEED, sandboxProjectNames } from '../sandbox';

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
