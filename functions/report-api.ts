import { handle } from 'hono/aws-lambda';
import { lambdaContext } from '../lib/pipeline';
import { createReportApi, isContentTypeBinary, reportApiOptionsFor } from '../lib/report-api';

// Made once per Lambda instance: clients, configuration and the secret cache outlive an invocation.
const { config, publish } = lambdaContext();

/**
 * The report API's Lambda entry (Function URL, payload v2). Links in answers use the request's
 * origin: the function cannot be given its own URL (a circular reference in CloudFormation).
 */
export const handler = handle(createReportApi(reportApiOptionsFor(config, publish)), { isContentTypeBinary });
