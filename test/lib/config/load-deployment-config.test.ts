import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDeploymentConfig } from '../../../lib/config';
import { ACME, ALARM_EMAIL } from './support/config-input';

describe('loadDeploymentConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-reports-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the invoiceReports context value', () => {
    const config = loadDeploymentConfig({ context: { accounts: [ACME], alarmEmail: ALARM_EMAIL } });
    expect(config.accounts.map((account) => account.name)).toEqual(['acme']);
  });

  it('reads the context value given as JSON text on the command line', () => {
    const config = loadDeploymentConfig({
      context: JSON.stringify({ accounts: [{ ...ACME, name: 'cli' }], alarmEmail: ALARM_EMAIL }),
    });
    expect(config.accounts[0]!.name).toBe('cli');
  });

  it('prefers a config file, relative to the base folder, over the context value', () => {
    writeFileSync(
      join(dir, 'prod.json'),
      JSON.stringify({ accounts: [{ ...ACME, name: 'from-file' }], alarmEmail: ALARM_EMAIL }),
    );
    const config = loadDeploymentConfig({
      context: { accounts: [ACME], alarmEmail: ALARM_EMAIL },
      configFile: 'prod.json',
      baseDir: dir,
    });
    expect(config.accounts[0]!.name).toBe('from-file');
  });

  it('names the file in the error about its fields', () => {
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify({ accounts: [{ ...ACME, timezone: 'Mars/Base' }], alarmEmail: ALARM_EMAIL }),
    );
    expect(() => loadDeploymentConfig({ configFile: 'bad.json', baseDir: dir })).toThrow(
      'Invalid configuration file bad.json:\n  - accounts[0].timezone: unknown time zone "Mars/Base"',
    );
  });

  it('says when the file is missing', () => {
    expect(() => loadDeploymentConfig({ configFile: 'missing.json', baseDir: dir })).toThrow(
      'configFile: cannot read "missing.json" (ENOENT)',
    );
  });

  it('says when the file is not JSON', () => {
    writeFileSync(join(dir, 'broken.json'), '{ "accounts": [');
    expect(() => loadDeploymentConfig({ configFile: 'broken.json', baseDir: dir })).toThrow(
      'is not valid JSON',
    );
  });

  it('says where to put the configuration when there is none', () => {
    expect(() => loadDeploymentConfig({})).toThrow(/invoiceReports: set it in cdk.json "context"/);
  });

  it('rejects a configFile that is not a path', () => {
    expect(() => loadDeploymentConfig({ configFile: true })).toThrow(
      'configFile: must be the path of a JSON file',
    );
  });
});
