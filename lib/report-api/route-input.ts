import * as z from 'zod';
import { fieldIssues } from '../config';
import { REPORT_FILE_NAMES } from '../delivery';
import { isPeriodId, isPeriodShaped, outOfRangeReason } from '../period';
import { ReportApiError } from './errors';

const accountSchema = z
  .string()
  .max(40, 'account must be at most 40 characters')
  .regex(/^[a-z0-9-]+$/, 'account must be an account name: lower-case letters, digits and hyphens');

/** A malformed period is refused without being echoed; one of a year not reported with the CLI's reason. */
const periodSchema = z
  .string()
  .refine(isPeriodShaped, {
    error: 'period must be a month YYYY-MM, a quarter YYYY-Qn or a year YYYY, from the year 2000 to 9999',
    abort: true,
  })
  .refine(isPeriodId, { error: (issue) => outOfRangeReason(String(issue.input)) });

export const indexRouteParamsSchema = z.object({ account: accountSchema });

/** The form of `POST /reports/:account`: the period to build. Other fields are ignored. */
export const buildFormSchema = z.object({
  period: z.string({ error: 'period must be given' }).trim().pipe(periodSchema),
});

export const reportRouteParamsSchema = z.object({ account: accountSchema, period: periodSchema });

export const fileRouteParamsSchema = reportRouteParamsSchema.extend({
  file: z.enum(REPORT_FILE_NAMES, { error: `file must be one of ${REPORT_FILE_NAMES.join(', ')}` }),
});

/** The query of `GET /reports/:account/:period`; other members are ignored. */
export const reportRouteQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false'], { error: 'refresh must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

/** A request's input, or a 400 `invalid_request` naming each bad field, never echoing what was sent. */
export function parseRouteInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(fieldIssues(result.error.issues).map((issue) => issue.message))];
  throw new ReportApiError(400, 'invalid_request', messages.join('; '));
}
