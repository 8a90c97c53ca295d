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

const logger = createLogger();

// Warm invocations reuse the clients and secret cache; made on first use, so that a configuration fault
// is logged by an invocation rather than break the import.
let setup: Omit<ScheduledReportRunOptions, 'logger'> | undefined;

/**
 * One account's run: `{ account, periodKind, scheduledTime }` from the fan-out, or an operator's
 * `{ account, period, force }`. A failure is thrown, for the retries and then the dead-letter queue.
 */
export async function handler(event: unknown, context: Context): Promise<ReportDeliveryResult> {
  logger.addContext(context);
  try {
    if (setup === undefined) {
      const lambda = lambdaContext();
      setup = { config: lambda.config, context: scheduledDeliveryContext(lambda) };
    }
  } catch (error) {
    logger.error('The scheduled report function is not configured correctly', errorAttributes(error));
    throw error;
  }
  // Lambda retries an asynchronous invocation with the same request id: a forced resend sends once.
  return runScheduledReport(event, { ...setup, logger, runId: context.awsRequestId });
}
