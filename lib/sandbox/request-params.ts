import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod';
import { fieldIssues } from '../config';
import { invoiceStatusSchema, serviceDateSchema } from '../invoicing';

/**
 * The form fields of each endpoint. Where the spec is silent the sandbox is strict, so that a client's
 * mistake shows as a 400 rather than as wrong figures. An empty field counts as not sent, as forms mean it.
 */

/** Every failure's body, a shape the spec leaves open: `code` is stable, `message` is for people. */
export const errorBody = (code: string, message: string) => ({ result: 'error', error: { code, message } });

/** A request the sandbox refuses, answered with `status` and an error body (`onError` sends it). */
const refusal = (c: Context, status: 400 | 415, code: string, message: string) =>
  new HTTPException(status, { res: c.json(errorBody(code, message), status) });

/** The textual 8-4-4-4-12 form, any version (as the client's schemas accept). */
const uuidField = z.guid({ message: 'expected a UUID' }).optional();

const countField = (least: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `expected a whole number, ${least} or more`)
    .transform(Number)
    .refine((count) => count >= least, `expected a whole number, ${least} or more`);

const dateRange = { startDate: serviceDateSchema.optional(), endDate: serviceDateSchema.optional() };
const page = { offset: countField(0).default(0), limit: countField(1).default(10) };

function ordered(params: { startDate?: string; endDate?: string }, context: z.RefinementCtx): void {
  if (params.startDate && params.endDate && params.startDate > params.endDate) {
    context.addIssue({
      code: 'custom',
      path: ['startDate'],
      message: `is after endDate (${params.endDate})`,
    });
  }
}

export const statisticsParamsSchema = z.strictObject(dateRange).superRefine(ordered);

export const invoiceListParamsSchema = z
  .strictObject({
    invoiceId: uuidField,
    invoiceUid: z.string().optional(),
    projectId: uuidField,
    ...dateRange,
    status: invoiceStatusSchema.optional(),
    ...page,
  })
  .superRefine(ordered);

export const paymentListParamsSchema = z
  .strictObject({ walletId: uuidField, invoiceId: uuidField, ...dateRange, ...page })
  .superRefine(ordered);

const FORM_TYPES = ['multipart/form-data', 'application/x-www-form-urlencoded'];
const invalid = (c: Context, message: string) => refusal(c, 400, 'invalid_parameter', message);

/** The request's form fields, checked against the endpoint's schema; throws an `HTTPException`. */
export async function readParams<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const result = schema.safeParse(await readFormFields(c));
  if (!result.success) throw invalid(c, describeIssue(result.error.issues[0]!));
  return result.data;
}

/** Multipart or urlencoded fields as strings; no body (and no content type) is no fields. */
async function readFormFields(c: Context): Promise<Record<string, string>> {
  const contentType = c.req.header('content-type');
  if (contentType === undefined) return {};
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(mediaType)) {
    throw refusal(
      c,
      415,
      'unsupported_media_type',
      `send the parameters as form fields (multipart/form-data or application/x-www-form-urlencoded), not ${mediaType || 'an empty content type'}`,
    );
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw invalid(c, `the ${mediaType} body could not be read`);
  }
  const fields: Record<string, string> = {};
  for (const [name, values] of Object.entries(body)) {
    // Hono gives an array for a name sent twice, and for any name ending in `[]`.
    const list = Array.isArray(values) ? values : [values];
    if (list.length > 1) throw invalid(c, `"${name}" is sent more than once`);
    if (typeof list[0] !== 'string') throw invalid(c, `"${name}" must be text, not a file`);
    if (list[0] !== '') fields[name] = list[0];
  }
  return fields;
}

/** The first problem: `"invoiceId": expected a UUID`, or every unknown field it names, as sent. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    return `unknown parameter ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  }
  const { path, message } = fieldIssues([issue])[0]!;
  return path ? `"${path}": ${message}` : message;
}
