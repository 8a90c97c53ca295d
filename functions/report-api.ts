import { handle } from 'hono/aws-lambda';
import { lambdaContext } from '../lib/pipeline';
import { createReportApi, isContentTypeBinary, reportApiOptionsFor } from '../lib/report-api';

// Made once per Lambda instance: clients, configuration and the secret cache outlive an invocation.
const { config, publish, metrics } = lambdaContext();
const answer = handle(createReportApi(reportApiOptionsFor(config, publish)), { isContentTypeBinary });

/**
 * The report API's Lambda entry (Function URL, payload v2). Links in answers use the request's
 * origin: the function cannot be given its own URL (a circular reference in CloudFormation). Each
 * answer is counted by its status class: a 500 here is an answer, not a Lambda error, so Lambda's own
 * metrics would not show it.
 */
export async function handler(
  ...args: Parameters<typeof answer>
): Promise<Awaited<ReturnType<typeof answer>>> {
  const result = await answer(...args);
  metrics.apiAnswer(result.statusCode);
  return result;
}
