import type * as z from 'zod';
import type { AnswerBody } from './answer-body';
import { contentTypeOf, requestIdOf } from './answer-headers';
import { bodyExcerpt } from './body-excerpt';
import { describeIssues, summariseIssues } from './describe-issues';
import { InvoicingProtocolError, InvoicingValidationError } from './errors';
import { parseServiceJson } from './parse-service-json';
import { redactSecret } from './redact-secret';
import { successEnvelopeSchema } from './schemas';
import type { HeaderReader } from './transport';

/** What is known of a 2xx answer besides its body. */
export interface AnswerContext {
  endpoint: string;
  status: number;
  headers: HeaderReader;
  /** Redacted from excerpts and issues, in case the service echoes it. */
  apiKey?: string;
}

/** Longest `result` quoted in a message; a longer one is described by its length. */
const RESULT_SHOWN_LENGTH = 40;

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

/** How a message names a `result` other than `success`, without walking into it. */
function describeResult(result: unknown, apiKey: string | undefined): string {
  if (typeof result !== 'string') {
    return `a result of type ${result === null ? 'null' : Array.isArray(result) ? 'array' : typeof result}`;
  }
  if (result.length > RESULT_SHOWN_LENGTH) return `a result of ${result.length} characters`;
  return `result ${redactSecret(JSON.stringify(result), apiKey)}`;
}

/**
 * Reads a 2xx answer: JSON (every digit of every number kept, see `parseServiceJson`), then the
 * `{ result: "success", data }` envelope, then `data` against its schema. Not JSON (an HTML page from a
 * proxy), JSON nested too deeply to read, JSON that is not the envelope, or a `result` other than
 * `success` is an `InvoicingProtocolError`; `data` that does not match is an `InvoicingValidationError`
 * naming each field, e.g. `data[3].payment.amount: expected a number`. Every message is one line, and no
 * form of the API key is in it. The body is text, or the answer's bytes (parsed from their `jsonText`,
 * quoted from their `text`).
 */
export function readAnswer<Schema extends z.ZodType>(
  answerBody: string | AnswerBody,
  schema: Schema,
  context: AnswerContext,
  normalise: (data: unknown) => unknown = (data) => data,
): z.output<Schema> {
  const { endpoint, status, headers, apiKey } = context;
  const body =
    typeof answerBody === 'string' ? { text: () => answerBody, jsonText: () => answerBody } : answerBody;
  // Built only on failure: a list walk reads thousands of good answers.
  const failure = () => {
    const text = body.text();
    const excerpt = bodyExcerpt(text, apiKey);
    const quoted =
      excerpt === undefined
        ? ` (${text.length} characters, not shown)`
        : excerpt
          ? `: ${excerpt}`
          : ' (empty body)';
    const requestId = requestIdOf(headers, apiKey);
    return { details: { endpoint, status, requestId, bodyExcerpt: excerpt }, quoted };
  };

  let json: unknown;
  try {
    json = parseServiceJson(body.jsonText());
  } catch (error) {
    // The parser's own message quotes the body, so it is not kept as the cause.
    const { details, quoted } = failure();
    const what = error instanceof RangeError ? 'JSON nested too deeply to read' : 'something other than JSON';
    throw new InvoicingProtocolError(
      `The invoicing service answered ${endpoint} with ${what} (HTTP ${status}, ${contentTypeOf(headers, apiKey)})${quoted}`,
      details,
    );
  }

  const envelope = successEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const result = json !== null && typeof json === 'object' && 'result' in json ? json.result : undefined;
    const problem =
      result === undefined
        ? 'JSON that is not the { result, data } envelope'
        : `${describeResult(result, apiKey)} instead of "success"`;
    const { details, quoted } = failure();
    throw new InvoicingProtocolError(
      `The invoicing service answered ${endpoint} with ${problem}${quoted}`,
      details,
    );
  }

  const data = schema.safeParse(normalise(envelope.data.data));
  if (!data.success) {
    const issues = describeIssues(data.error.issues, 'data', apiKey);
    const { details } = failure();
    throw new InvoicingValidationError(
      `The invoicing service answered ${endpoint} with data this client cannot read: ${summariseIssues(issues)}`,
      { ...details, issues },
    );
  }
  return data.data;
}
