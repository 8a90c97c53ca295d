import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probePort } from '../../../lib/local/stack';

describe('probePort', () => {
  it('finds a port free once its listener has closed, and in use while it listens', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      expect(await probePort(port)).toBe('in-use');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    expect(await probePort(port)).toBe('free');
  });
});
