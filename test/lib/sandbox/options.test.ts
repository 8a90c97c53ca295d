import { describe, expect, it, vi } from 'vitest';
import { UsageError } from '../../../lib/config';
import {
  parseSandboxArgs,
  resolveSandboxOptions,
  SANDBOX_HELP,
  type SandboxOptions,
} from '../../../lib/sandbox/options';

describe('resolveSandboxOptions', () => {
  it('fills in the documented defaults', () => {
    const now = new Date('2026-11-15T12:00:00Z');
    const resolved = resolveSandboxOptions({ now, apiKey: 'k' });
    expect(resolved).toEqual({
      seed: 1,
      apiKey: 'k',
      latencyMs: 0,
      maxLimit: 1000,
      faultRate: 0,
      retryAfterSeconds: 1,
      paidPerMonth: 60,
      now,
      dateZone: 'UTC',
      endDate: 'inclusive',
      statsDayKeys: 'zone',
      order: 'newest',
      numbersAsStrings: false,
      unmatchedCases: false,
      statsExtraPaid: [],
      dataset: undefined,
      onPageServed: undefined,
    });
  });

  it.each([
    [{ seed: 1.5 }, 'seed must be a whole number'],
    [{ latencyMs: -1 }, 'latencyMs must be 0 or more'],
    [{ maxLimit: 0 }, 'maxLimit must be a whole number, 1 or more'],
    [{ faultRate: -0.1 }, 'faultRate must be between 0 and 1'],
    [{ faultRate: Number.NaN }, 'faultRate must be between 0 and 1'],
    [{ retryAfterSeconds: 0.5 }, 'retryAfterSeconds must be a whole number, 0 or more'],
    [{ paidPerMonth: 0 }, 'paidPerMonth must be a whole number from 1 to 500000'],
    [{ paidPerMonth: 500_001 }, 'paidPerMonth must be a whole number from 1 to 500000'],
    [{ now: new Date('not a date') }, 'now must be a valid Date'],
    [{ apiKey: '' }, 'apiKey must be'],
    [
      { dateZone: 'Mars/Olympus' },
      'dateZone must be an IANA time zone or an offset from -12:00 to +14:00, not "Mars/Olympus"',
    ],
    [{ dateZone: '+14:30' }, 'dateZone must be an IANA time zone or an offset from -12:00 to +14:00'],
    [{ dateZone: '-12:15' }, 'dateZone must be an IANA time zone or an offset from -12:00 to +14:00'],
    [{ endDate: 'open' }, 'endDate must be "inclusive" or "exclusive"'],
    [{ statsDayKeys: 'local' }, 'statsDayKeys must be "zone" or "utc"'],
    [{ order: 'alphabetical' }, 'order must be one of newest, oldest, random, reshuffled'],
    [{ numbersAsStrings: 'yes' }, 'numbersAsStrings must be true or false'],
    [{ unmatchedCases: 1 }, 'unmatchedCases must be true or false'],
    [
      { statsExtraPaid: [{ amountUSD: '10', createDatetime: '2026-10-15T12:00:00Z' }] },
      'statsExtraPaid[0].createDatetime: expected a datetime "Y-m-d H:i:s"',
    ],
    [
      { statsExtraPaid: [{ amountUSD: '1e1', createDatetime: '2026-10-15 12:00:00' }] },
      'statsExtraPaid[0].amountUSD: expected a decimal such as "10.00"',
    ],
    [
      { statsExtraPaid: [{ amountUSD: '10', createDatetime: '2026-10-15 12:00:00', currencyFiat: 'EUR' }] },
      'statsExtraPaid[0].amountFiat: is needed for a currency other than USD',
    ],
  ])('refuses %j', (options, message) => {
    expect(() => resolveSandboxOptions(options as SandboxOptions)).toThrow(RangeError);
    expect(() => resolveSandboxOptions(options as SandboxOptions)).toThrow(message);
  });

  it('takes the key from SANDBOX_API_KEY and checks it as a given one', () => {
    try {
      vi.stubEnv('SANDBOX_API_KEY', 'env-key');
      expect(resolveSandboxOptions({}).apiKey).toBe('env-key');
      vi.stubEnv('SANDBOX_API_KEY', 'not a key');
      expect(() => resolveSandboxOptions({})).toThrow('sandbox: apiKey must be letters');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

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

  it('reads the options that choose a reading of the spec', () => {
    const command = parseSandboxArgs(
      [
        '--date-zone',
        'America/New_York',
        '--end-date',
        'exclusive',
        '--stats-day-keys',
        'utc',
        '--order',
        'random',
        '--numbers-as-strings',
        '--unmatched-cases',
      ],
      {},
    );
    expect(command).toEqual({
      help: false,
      port: 4010,
      options: {
        dateZone: 'America/New_York',
        endDate: 'exclusive',
        statsDayKeys: 'utc',
        order: 'random',
        numbersAsStrings: true,
        unmatchedCases: true,
      },
    });
    expect(parseSandboxArgs(['--date-zone=-10:00'], {})).toMatchObject({ options: { dateZone: '-10:00' } });
  });

  it('reads each planted extra paid invoice, with or without its project and currency', () => {
    const project = '11111111-1111-4111-8111-111111111111';
    const command = parseSandboxArgs(
      [
        '--stats-extra-paid',
        '10.00@2026-10-15 12:00:00',
        '--stats-extra-paid',
        `2.5@2026-10-31 23:59:59:${project}`,
        '--stats-extra-paid',
        `9.99@2026-11-01 00:00:00:${project}:EUR:9.20`,
      ],
      {},
    );
    expect(command).toMatchObject({
      options: {
        statsExtraPaid: [
          { amountUSD: '10.00', createDatetime: '2026-10-15 12:00:00' },
          { amountUSD: '2.5', createDatetime: '2026-10-31 23:59:59', projectId: project },
          {
            amountUSD: '9.99',
            createDatetime: '2026-11-01 00:00:00',
            projectId: project,
            currencyFiat: 'EUR',
            amountFiat: '9.20',
          },
        ],
      },
    });
  });

  it('answers --help', () => {
    expect(parseSandboxArgs(['--help'], {})).toEqual({ help: true });
  });

  it.each([
    '--port N',
    '--seed N',
    '--latency-ms N',
    '--max-limit N',
    '--fault-rate X',
    '--paid-per-month N',
    '--date-zone ZONE',
    '--end-date inclusive|exclusive',
    '--stats-day-keys zone|utc',
    '--order newest|oldest|random|reshuffled',
    '--numbers-as-strings',
    '--unmatched-cases',
    '--stats-extra-paid <amountUSD>@<Y-m-d H:i:s>[:<projectId>[:<currency>:<amountFiat>]]',
  ])('explains %s in the help', (option) => {
    expect(SANDBOX_HELP).toMatch(new RegExp(`^  ${option.replace(/[|[\]]/g, '\\$&')}`, 'm'));
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
    [
      ['--date-zone', 'Europe/Atlantis'],
      '--date-zone must be an IANA time zone or an offset from -12:00 to +14:00, not "Europe/Atlantis"',
    ],
    [['--date-zone=+15:00'], '--date-zone must be an IANA time zone or an offset'],
    [['--end-date', 'open'], '--end-date must be inclusive or exclusive, not "open"'],
    [['--stats-day-keys', 'local'], '--stats-day-keys must be zone or utc, not "local"'],
    [['--order', 'by-id'], '--order must be newest, oldest, random or reshuffled, not "by-id"'],
    [
      ['--stats-extra-paid', '10.00'],
      '--stats-extra-paid: expected <amountUSD>@<Y-m-d H:i:s>[:<projectId>[:<currency>:<amountFiat>]], not "10.00"',
    ],
    [['--stats-extra-paid', 'ten@2026-10-15 12:00:00'], '--stats-extra-paid: amountUSD: expected a decimal'],
    [
      ['--stats-extra-paid', '10@2026-02-30 12:00:00'],
      '--stats-extra-paid: createDatetime: expected a datetime that exists',
    ],
    [['--stats-extra-paid', '10@2026-10-15 12:00:00:p1'], '--stats-extra-paid: projectId: expected a UUID'],
    [
      ['--stats-extra-paid', '10@2026-10-15 12:00:00:11111111-1111-4111-8111-111111111111:eur:9'],
      '--stats-extra-paid: currencyFiat: expected a currency code such as "EUR"',
    ],
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
