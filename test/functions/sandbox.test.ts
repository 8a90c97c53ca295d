import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collect, exitCode, waitFor } from '../support/child-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function runCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  const { SANDBOX_PORT: _port, SANDBOX_API_KEY: _key, ...inherited } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', 'functions/sandbox.ts', ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm run sandbox', () => {
  it('prints its URL and key, answers requests, and stops cleanly on Ctrl-C', async () => {
    const child = runCli(['--port', '0', '--seed', '3'], { SANDBOX_API_KEY: 'cli-test-key' });
    const output = collect(child);
    const exited = exitCode(child);
    try {
      const [, url] = await waitFor(
        child,
        output.stdout,
        /^listening on (http:\/\/127\.0\.0\.1:\d+)\nAPI key: .+\n/m,
        'the sandbox',
      );
      expect(output.stdout()).toContain('API key: cli-test-key\n');
      const response = await fetch(`${url}/invoices/list`, {
        method: 'POST',
        headers: { Authorization: 'Token cli-test-key' },
        body: new URLSearchParams({ limit: '3' }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { result: string; data: unknown[] };
      expect(body.result).toBe('success');
      expect(body.data).toHaveLength(3);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  });

  it('exits with 2 and one line on stderr for a bad option', async () => {
    const child = runCli(['--fault-rate', 'lots']);
    const output = collect(child);
    expect(await exitCode(child)).toBe(2);
    const lines = output.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('--fault-rate must be a number from 0 to 1, not "lots"');
    expect(output.stdout()).toBe('');
  });

  it('exits with 1 and names --port and SANDBOX_PORT when the port is in use', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const child = runCli([], { SANDBOX_PORT: String(port) });
      const output = collect(child);
      expect(await exitCode(child)).toBe(1);
      expect(output.stderr().trim()).toBe(
        `sandbox: port ${port} is in use; choose another with --port N or SANDBOX_PORT`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
