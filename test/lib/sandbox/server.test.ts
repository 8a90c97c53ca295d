import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../lib/sandbox';
import { post } from './sandbox-fixtures';

const empty = { invoices: [], payments: [] };

describe('startSandbox', () => {
  it('listens on 127.0.0.1 on a free port and gives its URL without a trailing slash', async () => {
    const sandbox = await startSandbox({ dataset: empty, apiKey: 'sandbox-key' });
    try {
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox.apiKey).toBe('sandbox-key');
      expect((await post(sandbox.url, '/invoices/list')).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('stops answering once closed, even with a kept-alive connection', async () => {
    const sandbox = await startSandbox({ dataset: empty, apiKey: 'sandbox-key' });
    await post(sandbox.url, '/invoices/list');
    await sandbox.close();
    await expect(fetch(`${sandbox.url}/invoices/list`, { method: 'POST' })).rejects.toThrow();
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      await expect(startSandbox({ dataset: empty, port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses bad options before listening, without repeating the key', async () => {
    await expect(startSandbox({ faultRate: 1.5 })).rejects.toThrow(
      'sandbox: faultRate must be between 0 and 1',
    );
    await expect(startSandbox({ apiKey: 'has a secret space' })).rejects.toThrow(/^sandbox: apiKey must be/);
    await expect(startSandbox({ apiKey: 'has a secret space' })).rejects.not.toThrow(/secret/);
  });
});
