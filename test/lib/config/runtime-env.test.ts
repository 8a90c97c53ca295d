import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BUNDLED_CONFIG_FILE,
  ConfigError,
  parseDeploymentConfig,
  readBundledConfig,
  readRuntimeConfig,
  runtimeConfigDigest,
  toRuntimeEnv,
} from '../../../lib/config';
import { generatedAccounts } from '../../support/generated-accounts';
import { writeRuntimeConfigFile } from '../../support/runtime-config-file';
import { configWith } from './support/config-input';

describe('runtime environment', () => {
  const config = parseDeploymentConfig(configWith({ displayName: 'ACME GmbH' }, { linkLifetimeDays: 7 }));
  const file = writeRuntimeConfigFile(config);
  afterAll(() => file.remove());

  it('reads back what the stack writes: the bundled file beside the code, the bucket and the URL', () => {
    const env = toRuntimeEnv({
      bucket: 'reports-bucket',
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws/',
    });
    expect(env).toEqual({
      REPORT_CONFIG_FILE: 'deployment-config.json',
      REPORT_BUCKET: 'reports-bucket',
      REPORT_API_URL: 'https://abc.lambda-url.eu-west-1.on.aws/',
    });
    // On Lambda the code (and the file beside it) is in LAMBDA_TASK_ROOT.
    const runtime = readRuntimeConfig({ ...env, LAMBDA_TASK_ROOT: file.folder });
    expect(runtime).toEqual({
      ...config,
      bucket: 'reports-bucket',
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws',
    });
  });

  it('reads a file named by an absolute path, and leaves the report API URL out when it is not set', () => {
    const runtime = readRuntimeConfig(toRuntimeEnv({ bucket: 'reports-bucket', configFile: file.path }));
    expect(runtime.reportApiUrl).toBeUndefined();
    expect(runtime.accounts[0]!.displayName).toBe('ACME GmbH');
  });

  it('reads the configuration alone for a function that touches no report', () => {
    const env = toRuntimeEnv({ configFile: file.path });
    expect(Object.keys(env)).toEqual(['REPORT_CONFIG_FILE']);
    expect(readBundledConfig(env)).toEqual(config);
    expect(() => readRuntimeConfig(env)).toThrow(
      'REPORT_BUCKET: environment variable is required but not set; the CDK stack sets it',
    );
  });

  it('names a missing or blank variable and says who sets it, and trims a set one', () => {
    expect(() => readRuntimeConfig({})).toThrow(
      'REPORT_CONFIG_FILE: environment variable is required but not set; the CDK stack sets it',
    );
    const env = toRuntimeEnv({ configFile: file.path });
    expect(() => readRuntimeConfig({ ...env, REPORT_BUCKET: '  ' })).toThrow(ConfigError);
    expect(readRuntimeConfig({ ...env, REPORT_BUCKET: ' reports-bucket ' }).bucket).toBe('reports-bucket');
  });

  it('names the variable when its file is missing', () => {
    const env = toRuntimeEnv({ bucket: 'b' });
    expect(() => readRuntimeConfig({ ...env, LAMBDA_TASK_ROOT: join(file.folder, 'nowhere') })).toThrow(
      `Invalid runtime environment:\n  - REPORT_CONFIG_FILE: cannot read "${BUNDLED_CONFIG_FILE}" (ENOENT)`,
    );
  });

  it('names the field of the file that is wrong', () => {
    const broken = writeRuntimeConfigFile(config);
    const text = JSON.stringify({ ...config, accounts: [{ ...config.accounts[0], timezone: 'Mars/Base' }] });
    writeFileSync(broken.path, text);
    try {
      const read = () => readRuntimeConfig(toRuntimeEnv({ bucket: 'b', configFile: broken.path }));
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(
        `Invalid configuration file ${broken.path}:\n  - accounts[0].timezone: unknown time zone "Mars/Base"`,
      );
    } finally {
      broken.remove();
    }
  });

  it('rejects a file that is not JSON', () => {
    const broken = writeRuntimeConfigFile(config);
    writeFileSync(broken.path, '{"accounts": [');
    try {
      expect(() => readRuntimeConfig(toRuntimeEnv({ bucket: 'b', configFile: broken.path }))).toThrow(
        /^Invalid configuration file .*deployment-config\.json:\n {2}- is not valid JSON/,
      );
    } finally {
      broken.remove();
    }
  });

  describe('the digest of the file synth checked', () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const marsBase = JSON.stringify({
      ...config,
      accounts: [{ ...config.accounts[0], timezone: 'Mars/Base' }],
    });

    it('is the SHA-256 of the file as the stack writes it, and goes into the environment', () => {
      const digest = runtimeConfigDigest(config);
      expect(digest).toBe(sha256(readFileSync(file.path, 'utf8')));
      expect(toRuntimeEnv({ configDigest: digest })).toEqual({
        REPORT_CONFIG_FILE: 'deployment-config.json',
        REPORT_CONFIG_SHA256: digest,
      });
    });

    it('lets the file with that digest be read as it is, without checking it again', () => {
      const unchecked = writeRuntimeConfigFile(config);
      writeFileSync(unchecked.path, marsBase);
      try {
        const env = toRuntimeEnv({ configFile: unchecked.path, configDigest: sha256(marsBase) });
        // A time zone no check lets through: the proof that nothing checked it.
        expect(readBundledConfig(env).accounts[0]!.timezone).toBe('Mars/Base');
      } finally {
        unchecked.remove();
      }
    });

    it('checks a file with another digest', () => {
      const edited = writeRuntimeConfigFile(config);
      writeFileSync(edited.path, marsBase);
      try {
        const env = toRuntimeEnv({ configFile: edited.path, configDigest: runtimeConfigDigest(config) });
        expect(() => readBundledConfig(env)).toThrow('accounts[0].timezone: unknown time zone "Mars/Base"');
      } finally {
        edited.remove();
      }
    });

    it('reads the same configuration as checking the file again would, for 1,000 accounts', () => {
      const many = parseDeploymentConfig({
        accounts: generatedAccounts(1000),
        alarmEmail: 'ops@example.com',
      });
      const manyFile = writeRuntimeConfigFile(many);
      try {
        const checked = readBundledConfig(toRuntimeEnv({ configFile: manyFile.path }));
        const trusted = readBundledConfig(
          toRuntimeEnv({ configFile: manyFile.path, configDigest: runtimeConfigDigest(many) }),
        );
        expect(trusted).toStrictEqual(checked);
        expect(trusted.accounts).toHaveLength(1000);
      } finally {
        manyFile.remove();
      }
    });
  });

  it('rejects a report API URL that is not https', () => {
    const env = toRuntimeEnv({
      bucket: 'b',
      reportApiUrl: 'http://reports.example.com',
      configFile: file.path,
    });
    expect(() => readRuntimeConfig(env)).toThrow('REPORT_API_URL: must be an https URL');
  });
});
