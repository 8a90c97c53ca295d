import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadDeploymentConfig, STACK_NAME } from '../lib/config';
import { deploymentIssues } from './deployment-limits';
import { REPO_ROOT } from './report-function';
import { ReportStack } from './report-stack';

/**
 * The CDK app: the configuration from the context (`invoiceReports`, or the file named by `configFile`),
 * the stack, and cdk-nag's AwsSolutions rules, which fail synthesis on any unacknowledged finding.
 * @throws ConfigError naming every problem of the configuration at once
 */
export function createApp(props?: AppProps): { app: App; stack: ReportStack } {
  const app = new App(props);
  const config = loadDeploymentConfig(
    {
      context: app.node.tryGetContext('invoiceReports'),
      configFile: app.node.tryGetContext('configFile'),
      baseDir: REPO_ROOT,
    },
    deploymentIssues,
  );
  const stack = new ReportStack(app, STACK_NAME, {
    config,
    description:
      'Monthly invoice and payment reports: S3, Lambda, EventBridge Scheduler, SES (invoice-reports)',
    // Environment-agnostic unless the CLI knows the target account (it does when credentials are set).
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
