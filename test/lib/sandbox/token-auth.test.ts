import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../lib/sandbox';
import { NOW, post } from './sandbox-fixtures';

const KEY = 'k3y-for-tests_0123';
let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW, apiKey: KEY });
});

afterAll(async () => {
  await sandbox.close();
});

describe('Token authentication', () => {
  it('answers a request with the right key', async () => {
    const answer = await post(sandbox.url, '/invoices/list', {}, { apiKey: KEY });
    expect(answer.status).toBe(200);
    expect(sandbox.apiKey).toBe(KEY);
  });

  it.each([
    ['a missing header', null],
    ['a wrong key', 'sandbox-key'],
    ['a key with a space in it', 'k3y for tests'],
  ])('answers %s with 401 and a JSON error body', async (_case, apiKey) => {
    for (const path of ['/statistics/invoices', '/invoices/list', '/payments/list']) {
      const answer = await post(sandbox.url, path, {}, { apiKey });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.body).toMatchObject({ result: 'error', error: { code: 'unauthorized' } });
      expect(JSON.stringify(answer.body)).not.toContain(KEY);
    }
  });

  it.each([`Bearer ${KEY}`, KEY, 'Token'])('answers the header "%s" with 401', async (authorization) => {
    const response = await fetch(`${sandbox.url}/invoices/list`, {
      method: 'POST',
      headers: { Authorization: authorization },
    });
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(JSON.parse(body).error.code).toBe('unauthorized');
    expect(body).not.toContain(KEY);
  });

  it('reads the key from SANDBOX_API_KEY when none is given', async () => {
    const previous = process.env.SANDBOX_API_KEY;
    process.env.SANDBOX_API_KEY = 'from-the-environment';
    try {
      const fromEnv = await startSandbox({ now: NOW });
      try {
        expect(fromEnv.apiKey).toBe('from-the-environment');
        expect(
          (await post(fromEnv.url, '/invoices/list', {}, { apiKey: 'from-the-environment' })).status,
        ).toBe(200);
      } finally {
        await fromEnv.close();
      }
    } finally {
      if (previous === undefined) delete process.env.SANDBOX_API_KEY;
      else process.env.SANDBOX_API_KEY = previous;
    }
  });
});
