import type * as z from 'zod';
import { describeIssues, summariseIssues } from './describe-issues';
import { InvoicingParameterError } from './errors';

function parameterError(endpoint: string, issues: string[]): InvoicingParameterError {
  return new InvoicingParameterError(`Invalid parameters for ${endpoint}: ${summariseIssues(issues)}`, {
    endpoint,
    issues,
  });
}

/**
 * Parses request parameters with their schema, or throws an `InvoicingParameterError` naming each bad
 * field, before anything is sent. A `startDate` after `endDate` is refused too: the spec does not say
 * what the service does with it, and it can only be a mistake.
 */
export function validateParams<Schema extends z.ZodType>(
  schema: Schema,
  params: unknown,
  endpoint: string,
): z.output<Schema> {
  const result = schema.safeParse(params ?? {});
  if (!result.success) throw parameterError(endpoint, describeIssues(result.error.issues));
  const { startDate, endDate } = result.data as { startDate?: string; endDate?: string };
  if (startDate && endDate && startDate > endDate) {
    throw parameterError(endpoint, [`startDate: ${startDate} is after endDate ${endDate}`]);
  }
  return result.data;
}
