import * as z from 'zod';
import { serviceDatetimeSchema } from '../invoicing';
import type { CountedInvoice } from './statistics';

/**
 * A paid invoice that the statistics count and the lists never return: a planted fault, so that tests
 * of a reconciliation see a real difference. Counted wherever an invoice created at `createDatetime`
 * would be, it adds one to `invoicesTotalNum` and `invoicesPaidNum`, and its amount to
 * `invoicesTotalUSD`, to its project, its currency, its month and its day, and changes nothing else.
 */
export interface ExtraPaidInvoice {
  /** Its `amountFiatUSD`, a decimal: `'10.00'`. */
  amountUSD: string;
  /** Its `createDatetime`, `Y-m-d H:i:s` in UTC. */
  createDatetime: string;
  /** @default the account's busiest project; with a dataset, the project of its first invoice */
  projectId?: string;
  /** @default 'USD' */
  currencyFiat?: string;
  /** Its `amountFiat`, a decimal, needed for a currency other than USD. @default amountUSD */
  amountFiat?: string;
}

const decimalText = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'expected a decimal such as "10.00"');

const extraPaidSchema = z
  .strictObject({
    amountUSD: decimalText,
    createDatetime: serviceDatetimeSchema,
    projectId: z.guid({ message: 'expected a UUID' }).optional(),
    currencyFiat: z
      .string()
      .regex(/^[A-Z]{3}$/, 'expected a currency code such as "EUR"')
      .optional(),
    amountFiat: decimalText.optional(),
  })
  .refine((extra) => (extra.currencyFiat ?? 'USD') === 'USD' || extra.amountFiat !== undefined, {
    path: ['amountFiat'],
    message: 'is needed for a currency other than USD',
  });

/** What is wrong with an extra (`amountUSD: expected a decimal such as "10.00"`), if anything. */
export function extraPaidProblem(extra: ExtraPaidInvoice): string | undefined {
  const result = extraPaidSchema.safeParse(extra);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** The extras as the invoices the statistics count; `mainProjectId` stands in for a missing project. */
export function countedExtraPaid(
  extras: readonly ExtraPaidInvoice[],
  mainProjectId: string | undefined,
): CountedInvoice[] {
  return extras.map((extra, index) => {
    const projectId = extra.projectId ?? mainProjectId;
    if (projectId === undefined) {
      throw new RangeError(
        `sandbox: statsExtraPaid[${index}].projectId is needed: the dataset has no invoices`,
      );
    }
    return {
      createDatetime: extra.createDatetime,
      status: 'paid',
      projectId,
      currencyFiat: extra.currencyFiat ?? 'USD',
      amountFiatUSD: extra.amountUSD,
      amountFiat: extra.amountFiat ?? extra.amountUSD,
    };
  });
}

const EXTRA_PAID_TEXT =
  /^(?<amountUSD>[^@]*)@(?<createDatetime>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?::(?<projectId>[^:]*)(?::(?<currencyFiat>[^:]*):(?<amountFiat>[^:]*))?)?$/;

export const EXTRA_PAID_FORMAT = '<amountUSD>@<Y-m-d H:i:s>[:<projectId>[:<currency>:<amountFiat>]]';

/** An extra paid invoice from the command line's form; throws a `RangeError` that says what is wrong. */
export function parseExtraPaid(text: string): ExtraPaidInvoice {
  const groups = EXTRA_PAID_TEXT.exec(text)?.groups;
  if (!groups) throw new RangeError(`expected ${EXTRA_PAID_FORMAT}, not "${text}"`);
  const given = Object.entries(groups).filter(([, value]) => value !== undefined);
  const extra = Object.fromEntries(given) as unknown as ExtraPaidInvoice;
  const problem = extraPaidProblem(extra);
  if (problem !== undefined) throw new RangeError(problem);
  return extra;
}
