import type { Context } from 'aws-lambda';
import { createLogger, errorAttributes } from '../lib/logger';
import {
  lambdaContext,
  type ReportDeliveryResult,
  runScheduledReport,
  type ScheduledReportRunOptions,
  scheduledDeliveryContext,
} from '../lib/pipeline';

type RunSetup = Omit<ScheduledReportRunOptions, 'logger'>;

const logger = createLogger();

// Module scope: warm invocations reuse the clients and the Secrets Manager cache. Made on first use, so
// that a configuration fault is logged (and thrown) by an invocation rather than break the import.
let setup: RunSetup | undefined;

function runSetup(): RunSetup {
  if (setup === undefined) {
    const lambda = lambdaContext();
    setup = { config: lambda.config, context: scheduledDeliveryContext(lambda) };
  }
  return setup;
}

/**
 * The target of each account's EventBridge Scheduler schedule: `{ "account": "acme" }` reports the
 * previous month in the account's time zone, `{ "account": "acme", "periodKind": "year" }` the previous year;
 * an operator invokes it with `{ account, period, force }` to re-run or resend a month, a quarter or a
 * year. A failure is thrown, for Lambda's retries and then the dead-letter queue.
 */
export async function handler(event: unknown, context: Context): Promise<ReportDeliveryResult> {
  logger.addContext(context);
  let options: RunSetup;
  try {
    options = runSetup();
  } catch (error) {
    logger.error('The scheduled report function is not configured correctly', errorAttributes(error));
    throw error;
  }
  return runScheduledReport(event, { ...options, logger });
}
