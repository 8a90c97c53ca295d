import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import type { DeploymentConfig } from '../../config';
import { cannotAsk, type Finding, type PreflightClients } from './aws';

/** What Lambda keeps unreserved in every AWS account and region: a reservation may not go below it. */
export const LAMBDA_MINIMUM_UNRESERVED = 100;

/**
 * Lambda's concurrency in the region against the configuration: a schedule slot runs
 * `maxConcurrentReports` reports at once beside its dispatcher and the report API, and a
 * `reportApiConcurrency` reservation must leave Lambda's 100 unreserved. A new AWS account's quota of 10
 * fits neither the default `maxConcurrentReports` of 10 nor any reservation.
 */
export async function checkLambdaConcurrency(
  clients: Pick<PreflightClients, 'lambda'>,
  config: Pick<DeploymentConfig, 'maxConcurrentReports' | 'reportApiConcurrency'>,
  region: string,
): Promise<Finding[]> {
  const subject = `Lambda concurrency in ${region}`;
  let unreserved: number;
  let limit: number;
  try {
    const settings = await clients.lambda.send(new GetAccountSettingsCommand({}));
    limit = settings.AccountLimit?.ConcurrentExecutions ?? 0;
    unreserved = settings.AccountLimit?.UnreservedConcurrentExecutions ?? limit;
  } catch (error) {
    return [cannotAsk(subject, 'cannot be read', error, 'lambda:GetAccountSettings')];
  }
  const quotaIncrease = (value: number) =>
    `request more (aws service-quotas request-service-quota-increase --service-code lambda --quota-code L-B99A9384 --desired-value ${value} --region ${region})`;
  const findings: Finding[] = [];
  const reserved = config.reportApiConcurrency;
  if (reserved !== undefined && unreserved - reserved < LAMBDA_MINIMUM_UNRESERVED) {
    findings.push({
      subject,
      problem: `reportApiConcurrency ${reserved} would leave ${unreserved - reserved} of ${unreserved} unreserved, and Lambda keeps at least ${LAMBDA_MINIMUM_UNRESERVED}: the deploy would fail`,
      fix: `${quotaIncrease(Math.max(1000, reserved + LAMBDA_MINIMUM_UNRESERVED + config.maxConcurrentReports + 2))}, or remove reportApiConcurrency from the configuration`,
    });
  }
  // A slot's reports, its dispatcher, and the report API (unless it has its own reservation).
  const needed = config.maxConcurrentReports + 1 + (reserved === undefined ? 1 : 0);
  const shared = unreserved - (reserved ?? 0);
  if (shared < needed) {
    findings.push({
      subject,
      problem: `${shared} functions may run at once, and a schedule slot needs ${needed} (maxConcurrentReports ${config.maxConcurrentReports}, the dispatcher${reserved === undefined ? ' and the report API' : ''}): runs would be throttled and retried, and some dead-lettered`,
      fix: `${quotaIncrease(1000)}, or set "maxConcurrentReports" to ${Math.max(1, shared - (needed - config.maxConcurrentReports))} or less`,
    });
  }
  return findings;
}
