import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadDeploymentConfig, STACK_NAME } from '../lib/config';
import { deploymentIssues } from './deployment-checks';
import { REPO_ROOT } from './repo-root';
import { ReportStack } from './report-stack';

/**
 * The CDK app: reads the deployment configuration from the context (`invoiceReports`, or the JSON file
 * named by `configFile`), defines the stack, and checks it with cdk-nag's AwsSolutions rules, which
 * fail synthesis on any finding that is not acknowledged.
 *
 * @throws ConfigError naming every problem of the configuration at once: each bad field, each rule between
 * fields and each of the deployment's checks (`deploymentIssues`) whose fields are right
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
