import type { Context } from 'aws-lambda';
import {
  createLogger,
  errorAttributes,
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
 * One account's run of a schedule slot, invoked by the fan-out's Map state: `{ "account": "acme",
 * "periodKind": "month", "scheduledTime": "..." }` reports the month before `scheduledTime` in the
 * account's time zone (`"periodKind": "year"`, from a yearly slot, the year before); an operator invokes
 * it with `{ account, period, force }` to re-run or resend a month, a quarter or a year. A failure is
 * thrown, for the fan-out's (or Lambda's) retries and then the dead-letter queue.
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
  // Lambda retries a failed asynchronous invocation with the same request id (an operator's run in the
  // background), also after SES accepted its email: a forced resend must not send again then.
  return runScheduledReport(event, { ...options, logger, runId: context.awsRequestId });
}
