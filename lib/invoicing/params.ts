import * as z from 'zod';
import { InvoicingParameterError } from './errors';
import { invoiceStatusSchema, uuidSchema } from './schemas';
import { describeIssues, summariseIssues } from './shown-text';

/** `Y-m-d`, and a date that exists (no 2026-02-30). */
export const serviceDateSchema = z.lazy(() => z.iso.date({ message: 'expected a date "Y-m-d" that exists' }));

const dates = () => ({ startDate: serviceDateSchema.optional(), endDate: serviceDateSchema.optional() });
const invoiceFilter = () => ({
  invoiceId: uuidSchema.optional(),
  invoiceUid: z.string().min(1).optional(),
  projectId: uuidSchema.optional(),
  ...dates(),
  status: invoiceStatusSchema.optional(),
});
const paymentFilter = () => ({
  walletId: uuidSchema.optional(),
  invoiceId: uuidSchema.optional(),
  ...dates(),
});
const page = () => ({
  offset: z.number().int().nonnegative().optional(),
  limit: z.number().int().positive().optional(),
});

export const statisticsFilterSchema = z.lazy(() => z.strictObject(dates()));
export type StatisticsFilter = z.input<typeof statisticsFilterSchema>;
export const invoiceFilterSchema = z.lazy(() => z.strictObject(invoiceFilter()));
export type InvoiceFilter = z.input<typeof invoiceFilterSchema>;
export const paymentFilterSchema = z.lazy(() => z.strictObject(paymentFilter()));
export type PaymentFilter = z.input<typeof paymentFilterSchema>;
export const listInvoicesParamsSchema = z.lazy(() => z.strictObject({ ...invoiceFilter(), ...page() }));
export type ListInvoicesParams = z.input<typeof listInvoicesParamsSchema>;
export const listPaymentsParamsSchema = z.lazy(() => z.strictObject({ ...paymentFilter(), ...page() }));
export type ListPaymentsParams = z.input<typeof listPaymentsParamsSchema>;

function parameterError(endpoint: string, issues: string[]): InvoicingParameterError {
  const message = `Invalid parameters for ${endpoint}: ${summariseIssues(issues)}`;
  return new InvoicingParameterError(message, { endpoint, issues });
}

/**
 * Parses request parameters, or throws an `InvoicingParameterError` naming each bad field, before anything
 * is sent. A `startDate` after `endDate` is refused too: the spec does not say what the service does with it.
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
