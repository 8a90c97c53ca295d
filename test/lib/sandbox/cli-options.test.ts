import { describe, expect, it } from 'vitest';
import { parseSandboxArgs, UsageError } from '../../../lib/sandbox/cli-options';

describe('parseSandboxArgs', () => {
  it('listens on 4010 with no options', () => {
    expect(parseSandboxArgs([], {})).toEqual({ help: false, port: 4010, options: {} });
  });

  it('takes SANDBOX_PORT over the default, and --port over both', () => {
    expect(parseSandboxArgs([], { SANDBOX_PORT: '4999' })).toMatchObject({ port: 4999 });
    expect(parseSandboxArgs(['--port', '0'], { SANDBOX_PORT: '4999' })).toMatchObject({ port: 0 });
  });

  it('reads every option', () => {
    const command = parseSandboxArgs(
      [
        '--latency-ms',
        '40',
        '--max-limit',
        '100',
        '--fault-rate',
        '0.25',
        '--seed',
        '9',
        '--paid-per-month=50000',
      ],
      {},
    );
    expect(command).toEqual({
      help: false,
      port: 4010,
      options: { latencyMs: 40, maxLimit: 100, faultRate: 0.25, seed: 9, paidPerMonth: 50_000 },
    });
  });

  it('answers --help', () => {
    expect(parseSandboxArgs(['--help'], {})).toEqual({ help: true });
  });

  it.each([
    [['--port', '70000'], '--port must be a whole number from 0 to 65535, not "70000"'],
    [['--port', 'http'], '--port must be a whole number from 0 to 65535, not "http"'],
    [['--latency-ms=-5'], '--latency-ms must be a whole number from 0 to 600000, not "-5"'],
    [['--latency-ms', '-5'], "Option '--latency-ms' argument is ambiguous. Did you forget"],
    [['--max-limit', '0'], '--max-limit must be a whole number from 1 to 1000000, not "0"'],
    [['--fault-rate', '1.5'], '--fault-rate must be a number from 0 to 1, not "1.5"'],
    [['--fault-rate', '1e-1'], '--fault-rate must be a number from 0 to 1, not "1e-1"'],
    [['--seed', 'abc'], '--seed must be a whole number'],
    [['--paid-per-month', '2.5'], '--paid-per-month must be a whole number from 1 to 500000, not "2.5"'],
    [['--verbose'], "Unknown option '--verbose'"],
    [['extra'], 'Unexpected argument'],
    [['--port'], "Option '--port <value>' argument missing"],
  ])('refuses %j with a usage error', (argv, message) => {
    expect(() => parseSandboxArgs(argv, {})).toThrow(UsageError);
    expect(() => parseSandboxArgs(argv, {})).toThrow(message);
  });

  it('refuses a SANDBOX_API_KEY that no header could carry, without repeating it', () => {
    expect(() => parseSandboxArgs([], { SANDBOX_API_KEY: 'secret with spaces' })).toThrow(
      'SANDBOX_API_KEY must be letters, digits and . _ ~ + / - (optionally ending in =)',
    );
    expect(() => parseSandboxArgs([], { SANDBOX_API_KEY: 'secret with spaces' })).not.toThrow(/secret/);
  });

  it('names SANDBOX_PORT when its value is bad', () => {
    expect(() => parseSandboxArgs([], { SANDBOX_PORT: 'x' })).toThrow('SANDBOX_PORT must be a whole number');
  });
});
