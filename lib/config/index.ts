export { type AccountConfig, domainOf } from './account-schema';
export { CONFIG_CONTEXT_KEY, cdkJsonConfig } from './cdk-context';
export { ConfigError } from './config-error';
export { type ConfigFileOrigin, readDeploymentConfigFile } from './config-file';
export { checkDeployableConfig, deployableConfigIssues } from './deployable-config';
export {
  type ConfigChecks,
  type DeploymentConfig,
  type DeploymentConfigInput,
  type DeploymentConfigParts,
  findAccount,
  parseDeploymentConfig,
} from './deployment-config';
export { type EnvOptions, getStringFromEnv } from './env-variables';
export { isLoopbackHost } from './field-schemas';
export { type DeploymentConfigSource, loadDeploymentConfig } from './load-deployment-config';
export { type ProjectNamesConfig, projectNamesSchema } from './project-names-schema';
export {
  BUNDLED_CONFIG_FILE,
  RUNTIME_ENV,
  type RuntimeConfig,
  readBundledConfig,
  readRuntimeConfig,
  runtimeConfigDigest,
  runtimeConfigText,
  toRuntimeEnv,
} from './runtime-env';
export {
  accountSlotTimes,
  type ScheduledPeriodKind,
  type ScheduleSlot,
  type SlotTime,
  scheduleSlots,
  slotId,
  YEARLY_REPORT_MONTH,
} from './schedule-slots';
export {
  type ScheduledReportEvent,
  scheduledReportEventSchema,
  scheduledTimeIssue,
  scheduledTimeSchema,
} from './scheduled-report-event';
export { type SlotEvent, slotEventSchema } from './slot-event';
export { STACK_NAME } from './stack-name';
export { UsageError } from './usage-error';
