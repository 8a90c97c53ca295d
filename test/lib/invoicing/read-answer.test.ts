import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { InvoicingProtocolError, InvoicingValidationError } from '../../../lib/invoicing/errors';
import {
  invoiceListSchema,
  invoiceStatisticsSchema,
  paymentListSchema,
} from '../../../lib/invoicing/schemas';
import type { TransportAnswer } from '../../../lib/invoicing/send-request';
import {
  AnswerBody,
  normaliseList,
  readAnswer as readAnswerBody,
  readBody,
} from '../../../lib/invoicing/send-request';
import { NO_STATISTICS } from './support/fake-service';
import { invoiceJson, paymentJson } from './support/records';

const apiKey = 'sk-test-5f0c1d2e3a4b';
const headersOf = (contentType: string | null) =>
  new Headers(contentType === null ? {} : { 'content-type': contentType });
const context = { endpoint: '/invoices/list', status: 200, headers: headersOf('application/json'), apiKey };

/** `readAnswer` of a body given as text too. */
const readAnswer = <Schema extends z.ZodType>(
  body: string | AnswerBody,
  ...rest: [Schema, Parameters<typeof readAnswerBody>[2], ((data: unknown) => unknown)?]
) => readAnswerBody(typeof body === 'string' ? new AnswerBody(Buffer.from(body)) : body, ...rest);

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

  it('reads the bytes of an answer, quoting them as text when they are not JSON', () => {
    const page = new AnswerBody(Buffer.from('<html><body>Wartung — bitte später</body></html>'));
    const error = thrown(() => readAnswer(page, invoiceListSchema, context));

    expect((error as Error).message).toContain(': <html><body>Wartung — bitte später</body></html>');
    const data = [{ ...invoiceJson(1), description: 'Crème brûlée 🍰' }];
    const invoices = readAnswer(
      new AnswerBody(Buffer.from(JSON.stringify({ result: 'success', data }))),
      invoiceListSchema,
      context,
    );
    expect(invoices[0]?.description).toBe('Crème brûlée 🍰');
  });

  it('makes an HTML page a protocol error that shows its start', () => {
    const error = thrown(() =>
      readAnswer('<!DOCTYPE html>\n<html><body>Maintenance</body></html>', invoiceListSchema, {
        ...context,
        headers: headersOf('text/html; charset=UTF-8'),
      }),
    );

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect((error as Error).message).toBe(
      'The invoicing service answered /invoices/list with something other than JSON (HTTP 200, text/html; charset=UTF-8): <!DOCTYPE html> <html><body>Maintenance</body></html>',
    );
  });

  it('makes an empty body a protocol error', () => {
    const error = thrown(() => readAnswer('', invoiceListSchema, { ...context, headers: headersOf(null) }));

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

describe('readAnswer with amounts a double cannot hold', () => {
  // Raw JSON numbers, written into the text: JSON.stringify would round them first.
  const exact = ['98765432.987654321', '0.000000000000000001', '123456789012.345678901234567891'];
  const withAmounts = (record: Record<string, unknown>, amounts: Record<string, string>) => {
    let text = JSON.stringify(record);
    for (const [field, token] of Object.entries(amounts)) {
      text = text.replace(new RegExp(`"${field}":[^,}]+`), `"${field}":${token}`);
    }
    return text;
  };

  it('keeps every digit of payment amounts', () => {
    const body = `{"result":"success","data":[${exact.map((token, n) => withAmounts(paymentJson(n), { amount: token })).join(',')}]}`;
    const payments = readAnswer(body, paymentListSchema, { ...context, endpoint: '/payments/list' });

    expect(payments.map((payment) => payment.amount)).toEqual(exact);
  });

  it('keeps every digit of invoice amounts', () => {
    const record = withAmounts(invoiceJson(1), {
      amountFiat: exact[0] as string,
      amountFiatUSD: exact[2] as string,
      commissionFiatUSD: exact[1] as string,
    });
    const [invoice] = readAnswer(`{"result":"success","data":[${record}]}`, invoiceListSchema, context);

    expect([invoice?.amountFiat, invoice?.amountFiatUSD, invoice?.commissionFiatUSD]).toEqual([
      '98765432.987654321',
      '123456789012.345678901234567891',
      '0.000000000000000001',
    ]);
  });

  it('keeps every digit of statistics', () => {
    const body =
      '{"result":"success","data":{"invoicesTotalNum":2,"invoicesPaidNum":2,' +
      '"invoicesTotalUSD":123456789012.345678901234567891,' +
      '"invoicesByProjects":{"d0000000-0000-4000-8000-000000000001":98765432.987654321},' +
      '"invoicesByCurrencies":{"ETH":0.000000000000000001},' +
      '"invoicesByMonths":{"January-2026":123456789012.345678901234567891},' +
      '"invoicesByDate":{"2026-01-02":{"date":1767312000000,"value":98765432.987654321}}}}';
    const statistics = readAnswer(body, invoiceStatisticsSchema, {
      ...context,
      endpoint: '/statistics/invoices',
    });

    expect(statistics).toEqual({
      invoicesTotalNum: 2,
      invoicesPaidNum: 2,
      invoicesTotalUSD: '123456789012.345678901234567891',
      invoicesByProjects: { 'd0000000-0000-4000-8000-000000000001': '98765432.987654321' },
      invoicesByCurrencies: { ETH: '0.000000000000000001' },
      invoicesByMonths: { 'January-2026': '123456789012.345678901234567891' },
      invoicesByDate: { '2026-01-02': { date: 1767312000000, value: '98765432.987654321' } },
    });
  });
});

describe('readAnswer against answers that cannot be read', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('makes a deeply nested result a protocol error of one line', () => {
    const error = thrown(() =>
      readAnswer(`{"result":${deep(200_000)},"data":[]}`, invoiceListSchema, context),
    ) as InvoicingProtocolError;

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with a result of type array instead of "success" (400021 characters, not shown)',
    );
  });

  it('makes deeply nested data beside a long number a protocol error', () => {
    const body = `{"result":"success","amount":98765432.987654321,"data":${deep(200_000)}}`;
    const error = thrown(() => readAnswer(body, invoiceListSchema, context)) as InvoicingProtocolError;

    expect(error).toBeInstanceOf(InvoicingProtocolError);
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with JSON nested too deeply to read (HTTP 200, application/json) (400056 characters, not shown)',
    );
  });

  it('describes a long result by its length', () => {
    const error = thrown(() =>
      readAnswer(`{"result":"${'x'.repeat(50)}"}`, invoiceListSchema, context),
    ) as InvoicingProtocolError;

    expect(error.message).toMatch(/ with a result of 50 characters instead of "success": /);
  });

  it('keeps no parser message that quotes the body as the cause', () => {
    const error = thrown(() =>
      readAnswer(`${apiKey} is not a valid key`, invoiceListSchema, context),
    ) as Error;

    expect(error.cause).toBeUndefined();
    expect(error.message).toBe(
      'The invoicing service answered /invoices/list with something other than JSON (HTTP 200, application/json): [redacted] is not a valid key',
    );
  });

  it('redacts the key from the keys an issue names', () => {
    const body = JSON.stringify({
      result: 'success',
      data: { ...NO_STATISTICS, invoicesByProjects: { [apiKey]: 'n/a' } },
    });
    const error = thrown(() =>
      readAnswer(body, invoiceStatisticsSchema, context),
    ) as InvoicingValidationError;

    expect(error.issues).toEqual(['data.invoicesByProjects["[redacted]"]: expected a number']);
    expect(error.message).not.toContain(apiKey);
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

const bodyOf = (...parts: (string | number[])[]) =>
  new AnswerBody(
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))),
  );

/** A character other than printable ASCII (these bodies hold no control characters). */
const BEYOND_ASCII = /[^ -~]/;

describe('AnswerBody', () => {
  it('reads an ASCII body as the same text both ways', () => {
    const body = bodyOf('{"result":"success","data":[{"uid":"INV-1"}]}');

    expect(body.text()).toBe('{"result":"success","data":[{"uid":"INV-1"}]}');
    expect(body.jsonText()).toBe(body.text());
  });

  it('writes every character beyond ASCII in a string as an escape that parses to it', () => {
    const body = bodyOf('{"description":"Crème brûlée — 12 × €4,50 ☕ 🍰 👩‍💻 請求書","name":"plain"}');

    expect(body.jsonText()).not.toMatch(BEYOND_ASCII);
    expect(body.jsonText()).toContain('"Cr\\u00e8me br\\u00fbl\\u00e9e \\u2014 12 \\u00d7 \\u20ac4,50 ');
    expect(JSON.parse(body.jsonText())).toEqual({
      description: 'Crème brûlée — 12 × €4,50 ☕ 🍰 👩‍💻 請求書',
      name: 'plain',
    });
  });

  it('keeps escapes the service wrote itself beside the ones it adds', () => {
    const body = bodyOf('{"a":"\\u00e9é\\n"}');

    expect(JSON.parse(body.jsonText())).toEqual({ a: 'éé\n' });
  });

  it('reads bytes that are not UTF-8 as replacement characters, as the text has them', () => {
    // 0xff is never UTF-8; 0xe2 0x82 starts a three-byte character that the quote cuts short.
    const body = bodyOf('{"a":"x', [0xff], 'y', [0xe2, 0x82], '"}');

    expect(body.text()).toBe('{"a":"x\uFFFDy\uFFFD"}');
    expect(JSON.parse(body.jsonText())).toEqual({ a: 'x\uFFFDy\uFFFD' });
  });

  it('drops a leading byte order mark from both readings', () => {
    const body = bodyOf([0xef, 0xbb, 0xbf], '{"a":"é"}');

    expect(body.text()).toBe('{"a":"é"}');
    expect(JSON.parse(body.jsonText())).toEqual({ a: 'é' });
  });

  it('leaves a character outside any string as invalid as it was', () => {
    const body = bodyOf('{"a":1é}');

    expect(() => JSON.parse(body.text())).toThrow(SyntaxError);
    expect(() => JSON.parse(body.jsonText())).toThrow(SyntaxError);
  });
});

const encoder = new TextEncoder();

/** An answer whose body is `chunks`, counting the chunks read and whether it was discarded. */
function answerOf(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const state = { pulled: 0, discarded: false };
  const answer: TransportAnswer = {
    status: 200,
    headers: new Headers(headers),
    body: {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) {
          state.pulled += 1;
          yield chunk;
        }
      },
    },
    discard: () => {
      state.discarded = true;
    },
  };
  return { answer, state };
}

describe('readBody', () => {
  it('reads the chunks as UTF-8, a character split between two chunks included', async () => {
    const bytes = encoder.encode('{"name":"Café 😀"}');
    const { answer, state } = answerOf([bytes.slice(0, 13), bytes.slice(13)]);

    expect((await readBody(answer, 1000))?.text()).toBe('{"name":"Café 😀"}');
    expect(state.discarded).toBe(false);
  });

  it('drops a leading byte order mark', async () => {
    const { answer } = answerOf([new Uint8Array([0xef, 0xbb, 0xbf]), encoder.encode('[]')]);

    expect((await readBody(answer, 1000))?.text()).toBe('[]');
  });

  it('reads a body of exactly the limit', async () => {
    const { answer } = answerOf([encoder.encode('12345'), encoder.encode('67890')]);

    expect((await readBody(answer, 10))?.text()).toBe('1234567890');
  });

  it('stops at the chunk that goes past the limit and drops the connection', async () => {
    const { answer, state } = answerOf([
      encoder.encode('123456'),
      encoder.encode('789012'),
      encoder.encode('3'),
    ]);

    expect(await readBody(answer, 10)).toBeUndefined();
    expect(state.pulled).toBe(2);
    expect(state.discarded).toBe(true);
  });

  it('refuses a declared length past the limit before reading a byte', async () => {
    const { answer, state } = answerOf([encoder.encode('x')], { 'content-length': '11' });

    expect(await readBody(answer, 10)).toBeUndefined();
    expect(state.pulled).toBe(0);
    expect(state.discarded).toBe(true);
  });
});
