export type { AccountConfig } from './account-schema';
export { ConfigError } from './config-error';
export {
  type DeploymentConfig,
  type DeploymentConfigInput,
  findAccount,
  parseDeploymentConfig,
} from './deployment-config';
export { type EnvOptions, getStringFromEnv } from './env-variables';
export { type DeploymentConfigSource, loadDeploymentConfig } from './load-deployment-config';
export { type ProjectNamesConfig, projectNamesSchema } from './project-names-schema';
export { RUNTIME_ENV, type RuntimeConfig, readRuntimeConfig, toRuntimeEnv } from './runtime-env';
export { type ScheduledReportEvent, scheduledReportEventSchema } from './scheduled-report-event';
