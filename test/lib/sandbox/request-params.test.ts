import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../lib/sandbox';
import { jsonOf, NOW, post } from './sandbox-fixtures';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW, apiKey: 'sandbox-key' });
});

afterAll(async () => {
  await sandbox.close();
});

describe('bad parameters', () => {
  it.each([
    ['/invoices/list', { startDate: '2026-02-30' }, '"startDate": expected a date "Y-m-d" that exists'],
    ['/invoices/list', { endDate: '01.10.2026' }, '"endDate": expected a date "Y-m-d" that exists'],
    ['/statistics/invoices', { startDate: '2026-13-01' }, '"startDate": expected a date "Y-m-d" that exists'],
    ['/invoices/list', { invoiceId: 'not-a-uuid' }, '"invoiceId": expected a UUID'],
    ['/invoices/list', { projectId: '1234' }, '"projectId": expected a UUID'],
    ['/payments/list', { walletId: 'wallet-1' }, '"walletId": expected a UUID'],
    ['/invoices/list', { status: 'refunded' }, '"status": Invalid option'],
    ['/invoices/list', { offset: -1 }, '"offset": expected a whole number, 0 or more'],
    ['/payments/list', { offset: '2.5' }, '"offset": expected a whole number, 0 or more'],
    ['/payments/list', { limit: 0 }, '"limit": expected a whole number, 1 or more'],
    ['/invoices/list', { limit: 'ten' }, '"limit": expected a whole number, 1 or more'],
    ['/invoices/list', { page: 2 }, 'unknown parameter "page"'],
    ['/statistics/invoices', { status: 'paid' }, 'unknown parameter "status"'],
    [
      '/payments/list',
      { startDate: '2026-10-02', endDate: '2026-10-01' },
      '"startDate": is after endDate (2026-10-01)',
    ],
  ])('answers %s with %j with 400 and says why', async (path, fields, message) => {
    const answer = await post(sandbox.url, path, fields);
    expect(answer.status).toBe(400);
    expect(answer.body.result).toBe('error');
    expect(answer.body.error.code).toBe('invalid_parameter');
    expect(answer.body.error.message).toContain(message);
  });

  it('refuses a field sent twice', async () => {
    const form = new FormData();
    form.append('status', 'paid');
    form.append('status', 'expired');
    const response = await fetch(`${sandbox.url}/invoices/list`, {
      method: 'POST',
      headers: { Authorization: 'Token sandbox-key' },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).error.message).toBe('"status" is sent more than once');
  });

  it('refuses a file where text belongs', async () => {
    const form = new FormData();
    form.append('status', new Blob(['paid']), 'status.txt');
    const response = await fetch(`${sandbox.url}/invoices/list`, {
      method: 'POST',
      headers: { Authorization: 'Token sandbox-key' },
      body: form,
    });
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).error.message).toBe('"status" must be text, not a file');
  });

  it('answers a JSON body with 415 rather than ignoring its filters', async () => {
    const response = await fetch(`${sandbox.url}/invoices/list`, {
      method: 'POST',
      headers: { Authorization: 'Token sandbox-key', 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'paid' }),
    });
    expect(response.status).toBe(415);
    expect((await jsonOf(response)).error.code).toBe('unsupported_media_type');
  });

  it('takes a request without a body as one without parameters', async () => {
    const response = await fetch(`${sandbox.url}/statistics/invoices`, {
      method: 'POST',
      headers: { Authorization: 'Token sandbox-key' },
    });
    expect(response.status).toBe(200);
    expect((await jsonOf(response)).result).toBe('success');
  });
});
