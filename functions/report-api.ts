import { handle } from 'hono/aws-lambda';
import { lambdaContext } from '../lib/pipeline';
import { createReportApi, isContentTypeBinary, reportApiOptionsFor } from '../lib/report-api';

// Made once per Lambda instance: clients, configuration and the secret cache outlive an invocation.
const { config, publish, metrics } = lambdaContext();
const answer = handle(createReportApi(reportApiOptionsFor(config, publish)), { isContentTypeBinary });

/** The Function URL's entry; each answer counted by status class (a 500 is no Lambda error). */
export async function handler(
  ...args: Parameters<typeof answer>
): Promise<Awaited<ReturnType<typeof answer>>> {
  const result = await answer(...args);
  metrics.apiAnswer(result.statusCode);
  return result;
}
