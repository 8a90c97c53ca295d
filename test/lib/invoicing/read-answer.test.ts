import { describe, expect, it } from 'vitest';
import { InvoicingProtocolError, InvoicingValidationError } from '../../../lib/invoicing/errors';
import { normaliseList, readAnswer } from '../../../lib/invoicing/read-answer';
import {
  invoiceListSchema,
  invoiceStatisticsSchema,
  paymentListSchema,
} from '../../../lib/invoicing/schemas';
import { invoiceJson, paymentJson } from './support/records';

const apiKey = 'sk-test-5f0c1d2e3a4b';
const context = { endpoint: '/invoices/list', status: 200, contentType: 'application/json', apiKey };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('readAnswer', () => {
  it('returns the parsed data of a success envelope', () => {
    const body = JSON.stringify({ result: 'success', data: [invoiceJson(1)] });
    const invoices = readAnswer(body, invoiceListSchema, context);

    expect(invoices).toHaveLength(1);
    expect(invoices[0]?.uid).toBe('INV-1');
    expect(invoices[0]?.amountFiatUSD).toBe('10');
  });

  it('makes an HTML page a protocol error that shows its start', () => {
    const error = thrown(() =>
      readAnswer('<!DOCTYPE html>\n<html><body>Maintenance</body></html>', invoiceListSchema, {
        ...context,
        contentType: 'text/html; charset=UTF-8',
      }),
    );

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as Error).message).toBe(
      'The invoicing service answered /invoices/list with something other than JSON (HTTP 200, text/html; charset=UTF-8): <!DOCTYPE html> <html><body>Maintenance</body></html>',
    );
  });

  it('makes an empty body a protocol error', () => {
    const error = thrown(() => readAnswer('', invoiceListSchema, { ...context, contentType: null }));

    expect((error as Error).message).toBe(
      'The invoicing service answered /invoices/list with something other than JSON (HTTP 200, no content type) (empty body)',
    );
  });

  it('makes result "error" a protocol error carrying the body excerpt', () => {
    const error = thrown(() =>
      readAnswer('{"result":"error","message":"Unknown project"}', invoiceListSchema, context),
    ) as InvoicingProtocolError;

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.bodyExcerpt).toBe('{"result":"error","message":"Unknown project"}');
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with result "error" instead of "success": {"result":"error","message":"Unknown project"}',
    );
  });

  it('makes JSON without the envelope a protocol error', () => {
    const error = thrown(() => readAnswer('[1,2,3]', invoiceListSchema, context));

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as Error).message).toContain('JSON that is not the { result, data } envelope');
  });

  it('makes a schema mismatch a validation error naming the field path', () => {
    const broken = { ...paymentJson(3), amount: 'lots' };
    const body = JSON.stringify({
      result: 'success',
      data: [paymentJson(0), paymentJson(1), paymentJson(2), broken],
    });
    const error = thrown(() =>
      readAnswer(body, paymentListSchema, { ...context, endpoint: '/payments/list' }),
    ) as InvoicingValidationError;

    expect(error).toBeInstanceOf(InvoicingValidationError);
    expect(error.issues).toEqual(['data[3].amount: expected a number']);
    expect(error.message).toBe(
      'The invoicing service answered /payments/list with data this client cannot read: data[3].amount: expected a number',
    );
  });

  it('names a nested block field', () => {
    const paid = {
      ...invoiceJson(0),
      status: 'paid',
      payment: { id: paymentJson(0).id, amount: {}, hash: 'h', transactionDatetime: '2026-01-15 10:30:00' },
    };
    const body = JSON.stringify({
      result: 'success',
      data: [invoiceJson(1), invoiceJson(2), invoiceJson(3), paid],
    });
    const error = thrown(() => readAnswer(body, invoiceListSchema, context)) as InvoicingValidationError;

    expect(error.issues).toEqual(['data[3].payment.amount: expected number or string, received object']);
  });

  it('redacts the API key from excerpts', () => {
    const error = thrown(() =>
      readAnswer(`{"result":"denied","token":"${apiKey}"}`, invoiceListSchema, context),
    ) as InvoicingProtocolError;

    expect(error.message).not.toContain(apiKey);
    expect(error.bodyExcerpt).toBe('{"result":"denied","token":"[redacted]"}');
  });

  it('reads statistics with an empty data object written as []', () => {
    const body = JSON.stringify({
      result: 'success',
      data: {
        invoicesTotalNum: 0,
        invoicesPaidNum: 0,
        invoicesTotalUSD: null,
        invoicesByProjects: [],
        invoicesByCurrencies: [],
        invoicesByMonths: [],
        invoicesByDate: [],
      },
    });

    expect(readAnswer(body, invoiceStatisticsSchema, context)).toEqual({
      invoicesTotalNum: 0,
      invoicesPaidNum: 0,
      invoicesTotalUSD: '0',
      invoicesByProjects: {},
      invoicesByCurrencies: {},
      invoicesByMonths: {},
      invoicesByDate: {},
    });
  });
});

describe('normaliseList', () => {
  it('turns an object keyed 0, 1, … into an array in key order', () => {
    expect(normaliseList({ '2': 'c', '0': 'a', '10': 'd', '1': 'b' })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads an empty page written as null, {} or left out as an empty list', () => {
    expect(normaliseList(null)).toEqual([]);
    expect(normaliseList({})).toEqual([]);
    expect(normaliseList(undefined)).toEqual([]);
  });

  it('leaves arrays and other objects alone', () => {
    expect(normaliseList(['a'])).toEqual(['a']);
    expect(normaliseList({ '0': 'a', next: 'b' })).toEqual({ '0': 'a', next: 'b' });
    expect(normaliseList('none')).toBe('none');
  });
});
