import type * as z from 'zod';
import { InvoicingProtocolError, InvoicingValidationError } from './errors';
import { redactSecret } from './redact-secret';
import { successEnvelopeSchema } from './schemas';
import type { AnswerBody, HeaderReader } from './send-request';
import { parseServiceJson } from './service-json';
import { bodyExcerpt, contentTypeOf, describeIssues, requestIdOf, summariseIssues } from './shown-text';

/** Longest `result` quoted in a message; a longer one is described by its length. */
const RESULT_SHOWN_LENGTH = 40;

/**
 * A list as the service may write it, made an array: keys `"0"`, `"1"`, … (PHP's `json_encode` once an
 * element was filtered out), an empty page as `null`, `{}` or left out (the spec shows none).
 */
export function normaliseList(data: unknown): unknown {
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object' || Array.isArray(data)) return data;
  const entries = Object.entries(data);
  if (entries.length === 0) return [];
  if (!entries.every(([key]) => /^(0|[1-9]\d*)$/.test(key))) return data;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
}

/** A `result` other than `success` for a message, without walking into it. */
function describeResult(result: unknown, apiKey: string | undefined): string {
  if (typeof result !== 'string') {
    return `a result of type ${result === null ? 'null' : Array.isArray(result) ? 'array' : typeof result}`;
  }
  if (result.length > RESULT_SHOWN_LENGTH) return `a result of ${result.length} characters`;
  return `result ${redactSecret(JSON.stringify(result), apiKey)}`;
}

/**
 * Reads a 2xx answer: JSON, the `{ result: "success", data }` envelope, then `data` against its schema
 * (else `InvoicingProtocolError`, `InvoicingValidationError`), in one-line messages without the key.
 */
export function readAnswer<Schema extends z.ZodType>(
  answerBody: string | AnswerBody,
  schema: Schema,
  context: { endpoint: string; status: number; headers: HeaderReader; apiKey?: string },
  normalise: (data: unknown) => unknown = (data) => data,
): z.output<Schema> {
  const { endpoint, status, headers, apiKey } = context;
  const body =
    typeof answerBody === 'string' ? { text: () => answerBody, jsonText: () => answerBody } : answerBody;
  // Built only on failure: a list walk reads thousands of good answers.
  const failure = (problem: string, issues?: string[]) => {
    const text = body.text();
    const excerpt = bodyExcerpt(text, apiKey);
    const details = { endpoint, status, requestId: requestIdOf(headers, apiKey), bodyExcerpt: excerpt };
    const message = `The invoicing service answered ${endpoint} with ${problem}`;
    if (issues) return new InvoicingValidationError(message, { ...details, issues });
    const quoted =
      excerpt === undefined
        ? ` (${text.length} characters, not shown)`
        : excerpt
          ? `: ${excerpt}`
          : ' (empty body)';
    return new InvoicingProtocolError(`${message}${quoted}`, details);
  };

  let json: unknown;
  try {
    json = parseServiceJson(body.jsonText());
  } catch (error) {
    // The parser's own message quotes the body, so it is not kept as the cause.
    const what = error instanceof RangeError ? 'JSON nested too deeply to read' : 'something other than JSON';
    throw failure(`${what} (HTTP ${status}, ${contentTypeOf(headers, apiKey)})`);
  }

  const envelope = successEnvelopeSchema.safeParse(json);
  if (!envelope.success) {
    const result = json !== null && typeof json === 'object' && 'result' in json ? json.result : undefined;
    throw failure(
      result === undefined
        ? 'JSON that is not the { result, data } envelope'
        : `${describeResult(result, apiKey)} instead of "success"`,
    );
  }

  const data = schema.safeParse(normalise(envelope.data.data));
  if (!data.success) {
    const issues = describeIssues(data.error.issues, 'data', apiKey);
    throw failure(`data this client cannot read: ${summariseIssues(issues)}`, issues);
  }
  return data.data;
}
