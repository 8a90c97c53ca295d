import type { z } from 'zod';
import { bodyExcerpt } from './body-excerpt';
import { describeIssues, summariseIssues } from './describe-issues';
import { InvoicingProtocolError, InvoicingValidationError } from './errors';
import { successEnvelopeSchema } from './schemas';

/** What is known of a 2xx answer besides its body. */
export interface AnswerContext {
  endpoint: string;
  status: number;
  contentType: string | null;
  requestId?: string;
  /** Redacted from excerpts, in case the service echoes it. */
  apiKey?: string;
}

/**
 * A list as the service may write it, made an array:
 * - an object with keys `"0"`, `"1"`, … becomes an array, in key order (PHP's `json_encode` writes an
 *   array that way once an element was filtered out of it, and the datetime format suggests PHP);
 * - an empty page written as `null`, `{}` or left out is an empty list. The spec does not show how an
 *   empty page looks, and every walk through a list ends on one.
 * Anything else is left for the schema to judge.
 */
export function normaliseList(data: unknown): unknown {
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object' || Array.isArray(data)) return data;
  const entries = Object.entries(data);
  if (entries.length === 0) return [];
  if (!entries.every(([key]) => /^(0|[1-9]\d*)$/.test(key))) return data;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
}

/**
 * Reads a 2xx answer: JSON, then the `{ result: "success", data }` envelope, then `data` against its
 * schema. Not JSON (an HTML page from a proxy), JSON that is not the envelope, or a `result` other
 * than `success` is an `InvoicingProtocolError`; `data` that does not match is an
 * `InvoicingValidationError` naming each field, e.g. `data[3].payment.amount: expected a number`.
 */
export function readAnswer<Schema extends z.ZodType>(
  body: string,
  schema: Schema,
  context: AnswerContext,
  normalise: (data: unknown) => unknown = (data) => data,
): z.output<Schema> {
  const { endpoint, status, contentType, requestId, apiKey } = context;
  // Built only on failure: a list walk reads thousands of good answers.
  const failure = () => {
    const excerpt = bodyExcerpt(body, apiKey);
    return {
      details: { endpoint, status, requestId, bodyExcerpt: excerpt },
      quoted: excerpt ? `: ${excerpt}` : ' (empty body)',
    };
  };

  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (cause) {
    const { details, quoted } = failure();
    throw new InvoicingProtocolError(
      `The invoicing service answered ${endpoint} with something other than JSON (HTTP ${status}, ${contentType ?? 'no content type'})${quoted}`,
      { ...details, cause },
    );
  }

  const envelope = successEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const result = json !== null && typeof json === 'object' && 'result' in json ? json.result : undefined;
    const problem =
      result === undefined
        ? 'JSON that is not the { result, data } envelope'
        : `result ${bodyExcerpt(JSON.stringify(result) ?? String(result), apiKey)} instead of "success"`;
    const { details, quoted } = failure();
    throw new InvoicingProtocolError(
      `The invoicing service answered ${endpoint} with ${problem}${quoted}`,
      details,
    );
  }

  const data = schema.safeParse(normalise(envelope.data.data));
  if (!data.success) {
    const issues = describeIssues(data.error.issues, 'data');
    const { details } = failure();
    throw new InvoicingValidationError(
      `The invoicing service answered ${endpoint} with data this client cannot read: ${summariseIssues(issues)}`,
      { ...details, issues },
    );
  }
  return data.data;
}
