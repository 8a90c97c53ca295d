import * as z from 'zod';
import { fieldIssues } from '../config';
import { REPORT_FILE_NAMES } from '../delivery';
import { isPeriodId, isPeriodShaped, outOfRangeReason } from '../period';
import { ReportApiError } from './api-error';

const ACCOUNT_PATTERN = /^[a-z0-9-]+$/;

const accountSchema = z
  .string()
  .max(40, 'account must be at most 40 characters')
  .regex(ACCOUNT_PATTERN, 'account must be an account name: lower-case letters, digits and hyphens');

/**
 * A period id: a malformed one is refused without being echoed; a well-formed one of a year not reported
 * with the reason the report command gives too (its id is safe to repeat: four digits and a suffix).
 */
const periodSchema = z
  .string()
  .refine(isPeriodShaped, {
    error: 'period must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from the year 2000 to 9999',
    abort: true,
  })
  .refine(isPeriodId, { error: (issue) => outOfRangeReason(String(issue.input)) });

const fileSchema = z.enum(REPORT_FILE_NAMES, {
  error: `file must be one of ${REPORT_FILE_NAMES.join(', ')}`,
});

/** The path of `GET /reports/:account` and `POST /reports/:account`. */
export const indexRouteParamsSchema = z.object({ account: accountSchema });

/** The form of `POST /reports/:account`: the period to build. Other fields are ignored. */
export const buildFormSchema = z.object({
  period: z.string({ error: 'period must be given' }).trim().pipe(periodSchema),
});

/** The path of `GET /reports/:account/:period`. */
export const reportRouteParamsSchema = z.object({ account: accountSchema, period: periodSchema });

/** The path of `GET /reports/:account/:period/:file`. */
export const fileRouteParamsSchema = z.object({
  account: accountSchema,
  period: periodSchema,
  file: fileSchema,
});

/** The query of `GET /reports/:account/:period`; other members are ignored. */
export const reportRouteQuerySchema = z.object({
  /** `true` rebuilds the report from the service even when S3 has it. @default false */
  refresh: z
    .enum(['true', 'false'], { error: 'refresh must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/**
 * Checks what a request sent against a route's schema.
 * Messages name the field and what it must be, without echoing what was sent.
 * @throws ReportApiError 400 `invalid_request` listing every problem
 */
export function parseRouteInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(fieldIssues(result.error.issues).map((issue) => issue.message))];
  throw new ReportApiError(400, 'invalid_request', messages.join('; '));
}
