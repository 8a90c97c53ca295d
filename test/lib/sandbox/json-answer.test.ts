import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../../lib/sandbox';
import { answerText } from '../../../lib/sandbox/app';
import { datasetInvoice, datasetPayment, NOW, post, SEED, sandboxesForFile } from './sandbox-fixtures';

describe('answerText', () => {
  const value = {
    count: 60,
    dust: 0.00000095,
    long: new LosslessNumber('98765432.987654321'),
    tiny: new LosslessNumber('1e-18'),
    text: 'kept',
    none: null,
  };

  it('writes doubles as JSON.stringify does and lossless numbers with their own digits', () => {
    expect(answerText(value, { numbersAsStrings: false, exact: true })).toBe(
      '{"count":60,"dust":9.5e-7,"long":98765432.987654321,"tiny":1e-18,"text":"kept","none":null}',
    );
  });

  it('writes every number as a string of its plain decimal digits', () => {
    expect(answerText(value, { numbersAsStrings: true, exact: true })).toBe(
      '{"count":"60","dust":"0.00000095","long":"98765432.987654321","tiny":"0.000000000000000001","text":"kept","none":null}',
    );
  });

  it('writes doubles alone through the native writer, identically', () => {
    const doubles = { data: [{ amount: 0.00000095, views: 3, amountFiatUSD: 1000.05 }] };
    expect(answerText(doubles, { numbersAsStrings: false, exact: false })).toBe(
      '{"data":[{"amount":9.5e-7,"views":3,"amountFiatUSD":1000.05}]}',
    );
  });
});

const serve = sandboxesForFile();
async function rawAnswer(options: SandboxOptions, path: string, fields: Record<string, string> = {}) {
  const url = await serve(options);
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: 'Token sandbox-key' },
    body: new URLSearchParams(path.endsWith('/list') ? { limit: '100', ...fields } : fields),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return response.text();
}

/** Two paid invoices whose amounts no double holds. */
const long = datasetInvoice('1', {
  createDatetime: '2026-10-10 10:00:00',
  amountFiatUSD: new LosslessNumber('12345678901234567.89'),
  amountFiat: new LosslessNumber('12345678901234567.89'),
});
const small = datasetInvoice('2', {
  createDatetime: '2026-10-11 10:00:00',
  amountFiatUSD: new LosslessNumber('0.01'),
  amountFiat: new LosslessNumber('0.01'),
});
const longPayment = {
  id: 'p-long',
  amount: new LosslessNumber('98765432.987654321'),
  hash: 'h1',
  transactionDatetime: '2026-10-10 10:05:00',
};
const tinyPayment = {
  id: 'p-tiny',
  amount: new LosslessNumber('0.000000000000000001'),
  hash: 'h2',
  transactionDatetime: '2026-10-11 10:05:00',
};
const everyDigit = {
  invoices: [
    { ...long, payment: longPayment },
    { ...small, payment: tinyPayment },
  ],
  payments: [
    datasetPayment('1', longPayment.transactionDatetime, longPayment.amount, long),
    datasetPayment('2', tinyPayment.transactionDatetime, tinyPayment.amount, small),
  ],
};

describe('every digit', () => {
  it('serves lossless amounts of a dataset as number tokens with every digit', async () => {
    const payments = await rawAnswer({ dataset: everyDigit }, '/payments/list');
    expect(payments).toContain('"amount":98765432.987654321,');
    expect(payments).toContain('"amount":0.000000000000000001,');
    expect(payments).toContain('"amountFiatUSD":12345678901234567.89,');
    const invoices = await rawAnswer({ dataset: everyDigit }, '/invoices/list');
    expect(invoices).toContain('"payment":{"id":"p-long","amount":98765432.987654321,');
    expect(invoices).toContain('"payment":{"id":"p-tiny","amount":0.000000000000000001,');
  });

  it('sums them exactly in the statistics, rounded once to cents', async () => {
    const statistics = await rawAnswer({ dataset: everyDigit }, '/statistics/invoices', {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    // 12345678901234567.89 + 0.01
    expect(statistics).toContain('"invoicesTotalUSD":12345678901234567.9,');
    expect(statistics).toContain('"invoicesByMonths":{"October-2026":12345678901234567.9}');
    expect(statistics).toContain('"2026-10-10":{"date":1791590400000,"value":12345678901234567.89}');
  });
});

describe('numbers as strings', () => {
  /** Every number anywhere in a parsed answer. */
  function numbersIn(value: unknown): unknown[] {
    if (typeof value === 'number') return [value];
    if (value !== null && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
    return [];
  }

  it.each(['/invoices/list', '/payments/list', '/statistics/invoices'])(
    'writes no JSON number in an answer of %s',
    async (path) => {
      const text = await rawAnswer({ seed: SEED, now: NOW, numbersAsStrings: true }, path, {
        startDate: '2026-10-01',
        endDate: '2026-10-31',
      });
      const answer = JSON.parse(text);
      expect(answer.result).toBe('success');
      expect(numbersIn(answer)).toEqual([]);
      expect(text).toMatch(/"(amount|invoicesTotalNum)":"\d+(\.\d+)?"/);
    },
  );

  it('writes the dust payment in plain digits', async () => {
    const text = await rawAnswer({ seed: SEED, now: NOW, numbersAsStrings: true }, '/payments/list', {
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    expect(text).toContain('"amount":"0.00000095"');
    expect(text).not.toMatch(/"\d+(\.\d+)?e-\d+"/);
  });

  it('writes lossless amounts as strings with every digit', async () => {
    const text = await rawAnswer({ dataset: everyDigit, numbersAsStrings: true }, '/payments/list');
    expect(text).toContain('"amount":"98765432.987654321"');
    expect(text).toContain('"amount":"0.000000000000000001"');
  });

  it('writes the statistics’ counts, sums and day instants as strings', async () => {
    const url = await serve({ dataset: everyDigit, numbersAsStrings: true });
    const answer = await post(url, '/statistics/invoices', {
      startDate: '2026-10-11',
      endDate: '2026-10-11',
    });
    expect(answer.body.data).toEqual({
      invoicesTotalNum: '1',
      invoicesPaidNum: '1',
      invoicesTotalUSD: '0.01',
      invoicesByProjects: { '11111111-1111-4111-8111-111111111111': '0.01' },
      invoicesByCurrencies: { USD: '0.01' },
      invoicesByMonths: { 'October-2026': '0.01' },
      invoicesByDate: { '2026-10-11': { date: '1791676800000', value: '0.01' } },
    });
  });
});
