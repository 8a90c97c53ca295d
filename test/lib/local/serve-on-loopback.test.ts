import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { probePort } from '../../../lib/local/port-probe';
import { serveOnLoopback } from '../../../lib/local/stack';

describe('serveOnLoopback', () => {
  it('makes the app from its own URL, serves it, and frees the port on close', async () => {
    let givenUrl = '';
    const server = await serveOnLoopback(0, (url) => {
      givenUrl = url;
      return new Hono().get('/where', (c) => c.text(url));
    });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
      expect(givenUrl).toBe(server.url);
      const response = await fetch(`${server.url}/where`);
      expect(await response.text()).toBe(server.url);
    } finally {
      await server.close();
    }
    expect(await probePort(server.port)).toBe('free');
  });

  it('stops listening when the app cannot be made', async () => {
    let port = 0;
    await expect(
      serveOnLoopback(0, (url) => {
        port = Number(new URL(url).port);
        throw new Error('no app');
      }),
    ).rejects.toThrow('no app');
    expect(port).toBeGreaterThan(0);
    expect(await probePort(port)).toBe('free');
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const first = await serveOnLoopback(0, () => new Hono());
    try {
      await expect(serveOnLoopback(first.port, () => new Hono())).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });
});
