import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseDeploymentConfig, toRuntimeEnv } from '../../../lib/config';
import { lambdaContext, scheduledDeliveryContext } from '../../../lib/pipeline';
import { writeRuntimeConfigFile } from '../../support/runtime-config-file';

const input = {
  accounts: [
    {
      name: 'acme',
      apiUrl: 'https://api.example.com',
      apiKeySecretName: 'invoice-reports/acme/api-key',
      timezone: 'Europe/Berlin',
      recipients: ['books@acme.example'],
      sender: 'reports@acme.example',
    },
  ],
  linkLifetimeDays: 14,
  linkSigningKeySecretName: 'acme/link-key',
  alarmEmail: 'ops@example.com',
};
const config = parseDeploymentConfig(input);

const AWS = { AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' };

describe('scheduledDeliveryContext', () => {
  const file = writeRuntimeConfigFile(config);
  afterAll(() => file.remove());

  it('adds the report API URL and the link settings of the configuration', () => {
    const env = {
      ...AWS,
      ...toRuntimeEnv({
        bucket: 'reports',
        reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws/',
        configFile: file.path,
      }),
    };
    const context = scheduledDeliveryContext(lambdaContext(env));
    expect(context).toMatchObject({
      bucket: 'reports',
      // The Function URL's trailing slash is dropped, so links do not get a double one.
      reportApiUrl: 'https://abc.lambda-url.eu-west-1.on.aws',
      linkSigningKeySecretName: 'acme/link-key',
      linkLifetimeDays: 14,
    });
  });

  it('names REPORT_API_URL when the environment lacks it', () => {
    const env = { ...AWS, ...toRuntimeEnv({ bucket: 'reports', configFile: file.path }) };
    const lambda = lambdaContext(env);
    expect(() => scheduledDeliveryContext(lambda)).toThrow(ConfigError);
    expect(() => scheduledDeliveryContext(lambda)).toThrow(
      /REPORT_API_URL: environment variable is required but not set/,
    );
  });

  it('sends through SES in the SES region of the configuration', async () => {
    const inSesRegion = writeRuntimeConfigFile(parseDeploymentConfig({ ...input, sesRegion: 'us-east-1' }));
    try {
      const env = {
        ...AWS,
        ...toRuntimeEnv({
          bucket: 'reports',
          reportApiUrl: 'https://r.example.com',
          configFile: inSesRegion.path,
        }),
      };
      const context = scheduledDeliveryContext(lambdaContext(env));
      expect(await context.ses.config.region()).toBe('us-east-1');
    } finally {
      inSesRegion.remove();
    }
  });
});
