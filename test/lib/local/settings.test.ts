import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../lib/config';
import { readLocalStackEnv } from '../../../lib/local/settings';

const CWD = '/home/someone/invoice-reports';

function usageError(env: NodeJS.ProcessEnv): UsageError {
  try {
    readLocalStackEnv(env, CWD);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('readLocalStackEnv', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(readLocalStackEnv({}, CWD)).toEqual({
      ports: { reportApi: 3000, sandbox: 4010, s3Emulator: 4569, sesEmulator: 8005 },
      reportApiToken: 'local-dev-token',
      sandboxApiKey: 'sandbox-key',
      timezone: 'UTC',
      stateDir: '/home/someone/invoice-reports/.local',
    });
  });

  it('reads every variable', () => {
    const settings = readLocalStackEnv(
      {
        REPORT_API_PORT: '3100',
        SANDBOX_PORT: '4110',
        S3_EMULATOR_PORT: '4669',
        SES_EMULATOR_PORT: '8105',
        REPORT_API_TOKEN: 'my-token',
        SANDBOX_API_KEY: 'my-key==',
        LOCAL_TIMEZONE: 'Europe/Berlin',
        LOCAL_STATE_DIR: 'state/here',
      },
      CWD,
    );
    expect(settings).toEqual({
      ports: { reportApi: 3100, sandbox: 4110, s3Emulator: 4669, sesEmulator: 8105 },
      reportApiToken: 'my-token',
      sandboxApiKey: 'my-key==',
      timezone: 'Europe/Berlin',
      stateDir: join(CWD, 'state/here'),
    });
  });

  it('treats an empty or blank variable as unset', () => {
    const settings = readLocalStackEnv(
      { REPORT_API_PORT: '', REPORT_API_TOKEN: '  ', LOCAL_TIMEZONE: '', LOCAL_STATE_DIR: '' },
      CWD,
    );
    expect(settings.ports.reportApi).toBe(3000);
    expect(settings.reportApiToken).toBe('local-dev-token');
    expect(settings.timezone).toBe('UTC');
    expect(settings.stateDir).toBe(join(CWD, '.local'));
  });

  it('keeps an absolute state directory as it is', () => {
    expect(readLocalStackEnv({ LOCAL_STATE_DIR: '/var/tmp/reports-state' }, CWD).stateDir).toBe(
      '/var/tmp/reports-state',
    );
  });

  it('accepts port 0, which picks a free port, for several servers at once', () => {
    const settings = readLocalStackEnv({ REPORT_API_PORT: '0', SANDBOX_PORT: '0' }, CWD);
    expect(settings.ports).toMatchObject({ reportApi: 0, sandbox: 0 });
  });

  it.each([
    ['REPORT_API_PORT', 'abc'],
    ['SANDBOX_PORT', '70000'],
    ['S3_EMULATOR_PORT', '-1'],
    ['SES_EMULATOR_PORT', '80.5'],
  ])('refuses %s=%s in one line naming the variable', (variable, value) => {
    const error = usageError({ [variable]: value });
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).toBe(
      `${variable} must be a port number from 0 to 65535 (0 picks a free one), not "${value}"`,
    );
  });

  it('refuses two servers on the same port, naming both variables', () => {
    const error = usageError({ SANDBOX_PORT: '3000' });
    expect(error.message).toBe(
      'REPORT_API_PORT and SANDBOX_PORT are both 3000: give each server its own port',
    );
  });

  it.each([
    ['REPORT_API_TOKEN', 'has a space'],
    ['SANDBOX_API_KEY', "quo'te"],
  ])('refuses a malformed %s without repeating it', (variable, value) => {
    const error = usageError({ [variable]: value });
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).toBe(
      `${variable} must be letters, digits and . _ ~ + / - (optionally ending in =)`,
    );
    expect(error.message).not.toContain(value);
  });

  it('refuses an unknown time zone, naming LOCAL_TIMEZONE', () => {
    const error = usageError({ LOCAL_TIMEZONE: 'Mars/Olympus' });
    expect(error.message).toBe(
      'LOCAL_TIMEZONE: unknown time zone "Mars/Olympus" (an IANA name such as UTC or Europe/Berlin)',
    );
  });

  it('asks for the canonical spelling of a time zone', () => {
    expect(usageError({ LOCAL_TIMEZONE: 'europe/berlin' }).message).toBe(
      'LOCAL_TIMEZONE: write the time zone as "Europe/Berlin" (an IANA name such as UTC or Europe/Berlin)',
    );
  });
});
