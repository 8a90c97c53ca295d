import { describe, expect, it } from 'vitest';
import {
  InvoicingAnswerTooLargeError,
  type InvoicingApiError,
  InvoicingListOrderError,
  InvoicingProtocolError,
  InvoicingServerError,
  InvoicingValidationError,
} from '../../../lib/invoicing';
import { describeInvoicingFailure } from '../../../lib/report-api/errors';

/** Text a hostile service could send back; none of it may reach an answer of the report API. */
const SERVICE_TEXT = '<script>alert(1)</script> sk_live\\/AbC+123';

describe('describeInvoicingFailure', () => {
  it.each<[string, InvoicingApiError, string]>([
    [
      'data that does not match, without the field the service named',
      new InvoicingValidationError(`invalid: ${SERVICE_TEXT}`, {
        endpoint: '/statistics/invoices',
        status: 200,
        bodyExcerpt: SERVICE_TEXT,
        requestId: 'req-7',
        issues: [`data.invoicesByProjects["${SERVICE_TEXT}"]: expected a number`],
      }),
      'the invoicing service answered data that does not match its interface on /statistics/invoices; its request id was req-7',
    ],
    [
      'an answer past the size limit',
      new InvoicingAnswerTooLargeError(`too large: ${SERVICE_TEXT}`, {
        endpoint: '/invoices/list',
        status: 200,
        maxBytes: 16 * 1024 * 1024,
      }),
      'the invoicing service answered more than the 16 MiB read at once on /invoices/list',
    ],
    [
      'an answer that is not JSON',
      new InvoicingProtocolError(`not JSON: ${SERVICE_TEXT}`, {
        endpoint: '/payments/list',
        status: 200,
        bodyExcerpt: SERVICE_TEXT,
      }),
      'the invoicing service answered something unexpected on /payments/list (HTTP 200)',
    ],
    [
      'a list read in a different order at each request',
      new InvoicingListOrderError(`listed in a different order: ${SERVICE_TEXT}`, {
        endpoint: '/payments/list',
      }),
      'the invoicing service listed records in a different order at each request on /payments/list, so the list could not be read whole; try again later',
    ],
    [
      'a server failure with an excerpt',
      new InvoicingServerError(`failed: ${SERVICE_TEXT}`, {
        endpoint: '/payments/list',
        status: 500,
        bodyExcerpt: SERVICE_TEXT,
      }),
      'the invoicing service failed on /payments/list (HTTP 500)',
    ],
  ])('names %s in its own words', (_, error, expected) => {
    const message = describeInvoicingFailure(error);

    expect(message).toBe(expected);
    expect(message).not.toContain('AbC');
  });
});
