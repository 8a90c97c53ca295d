import { describe, expect, it } from 'vitest';
import { parseDeploymentConfig, RUNTIME_ENV, readRuntimeConfig, toRuntimeEnv } from '../../../lib/config';
import { configWith } from './support/config-input';

describe('runtime environment', () => {
  const config = parseDeploymentConfig(configWith({ displayName: 'ACME GmbH' }, { linkLifetimeDays: 7 }));

  it('reads back what the stack writes', () => {
    const env = toRuntimeEnv(config, {
      bucket: 'reports-bucket',
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws/',
    });
    expect(Object.keys(env).sort()).toEqual(['REPORT_API_URL', 'REPORT_BUCKET', 'REPORT_CONFIG']);
    const runtime = readRuntimeConfig(env);
    expect(runtime).toEqual({
      ...config,
      bucket: 'reports-bucket',
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws',
    });
  });

  it('leaves the report API URL out when it is not set', () => {
    const runtime = readRuntimeConfig(toRuntimeEnv(config, { bucket: 'reports-bucket' }));
    expect(runtime.reportApiUrl).toBeUndefined();
    expect(runtime.accounts[0]!.displayName).toBe('ACME GmbH');
  });

  it('names a missing variable and says who sets it', () => {
    const env = toRuntimeEnv(config, { bucket: 'reports-bucket' });
    delete env[RUNTIME_ENV.bucket];
    expect(() => readRuntimeConfig(env)).toThrow(
      'REPORT_BUCKET: environment variable is required but not set; the CDK stack sets it',
    );
    expect(() => readRuntimeConfig({})).toThrow(
      'REPORT_CONFIG: environment variable is required but not set',
    );
  });

  it('names the field of REPORT_CONFIG that is wrong', () => {
    const broken = { ...config, accounts: [{ ...config.accounts[0], timezone: 'Mars/Base' }] };
    const env = { REPORT_CONFIG: JSON.stringify(broken), REPORT_BUCKET: 'reports-bucket' };
    expect(() => readRuntimeConfig(env)).toThrow(
      'REPORT_CONFIG.accounts[0].timezone: unknown time zone "Mars/Base"',
    );
  });

  it('rejects REPORT_CONFIG that is not JSON', () => {
    expect(() => readRuntimeConfig({ REPORT_CONFIG: '{accounts', REPORT_BUCKET: 'b' })).toThrow(
      'REPORT_CONFIG: is not valid JSON',
    );
  });

  it('rejects a report API URL that is not https', () => {
    const env = toRuntimeEnv(config, { bucket: 'b', reportApiUrl: 'http://reports.example.com' });
    expect(() => readRuntimeConfig(env)).toThrow('REPORT_API_URL: must be an https URL');
  });
});
