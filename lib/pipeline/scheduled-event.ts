import {
  type AccountConfig,
  type DeploymentConfig,
  findAccount,
  type ScheduledReportEvent,
  scheduledReportEventSchema,
} from '../config';
import { fieldIssues, fieldTypeErrors } from '../zod-issues';
import { ScheduledEventError, UnknownAccountError } from './errors';

/**
 * Reads the event the schedule (or an operator) sent: `{ "account": "acme" }`, optionally with
 * `"period": "2026-Q3"` (or `"month": "YYYY-MM"`), `"periodKind": "year"` and `"force": true`. Values are not
 * echoed in the error, only field names.
 * @throws ScheduledEventError naming each bad or unknown field
 */
export function parseScheduledEvent(event: unknown): ScheduledReportEvent {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new ScheduledEventError([
      { path: '', message: 'the event must be a JSON object such as {"account":"acme"}' },
    ]);
  }
  const parsed = scheduledReportEventSchema.safeParse(event, { error: fieldTypeErrors });
  if (!parsed.success) throw new ScheduledEventError(fieldIssues(parsed.error.issues));
  return parsed.data;
}

/**
 * The configured account the event names.
 * @throws UnknownAccountError naming it and the accounts there are
 */
export function accountNamed(config: Pick<DeploymentConfig, 'accounts'>, name: string): AccountConfig {
  const account = findAccount(config, name);
  if (account === undefined) {
    const known = config.accounts.map((configured) => configured.name);
    throw new UnknownAccountError(name, known);
  }
  return account;
}
