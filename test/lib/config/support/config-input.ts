import { expect } from 'vitest';
import { ConfigError, parseDeploymentConfig } from '../../../../lib/config';

/** An account that passes every check. */
export const ACME = {
  name: 'acme',
  apiUrl: 'https://api.example.com',
  apiKeySecretName: 'invoice-reports/acme/api-key',
  timezone: 'Europe/Berlin',
  recipients: ['accounting@example.com'],
  sender: 'reports@example.com',
};

/** The address alarms go to, which every configuration must name. */
export const ALARM_EMAIL = 'ops@example.com';

/**
 * An account named `name` in `timezone`, its key under the default account secret prefix, mail from and
 * to its own domain, on `schedule` (the defaults when left out).
 */
export function accountIn(name: string, timezone: string, schedule: Record<string, unknown> = {}) {
  return {
    name,
    apiUrl: 'https://api.example.com',
    apiKeySecretName: `invoice-reports/accounts/${name}/api-key`,
    timezone,
    recipients: [`books@${name}.example`],
    sender: `reports@${name}.example`,
    schedule,
  };
}

/** A configuration of one account: ACME with `account`'s fields over it, the alarm email, and `settings`. */
export function configWith(
  account: Record<string, unknown>,
  settings: Record<string, unknown> = {},
): unknown {
  return { accounts: [{ ...ACME, ...account }], alarmEmail: ALARM_EMAIL, ...settings };
}

/** The issues of a configuration that must be rejected, as `path: message` lines. */
export function problemsOf(input: unknown): string[] {
  try {
    parseDeploymentConfig(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => `${issue.path}: ${issue.message}`);
  }
  throw new Error('the configuration was accepted');
}
