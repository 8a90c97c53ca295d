export { type AccountConfig, domainOf, projectNamesSchema, scheduleClock } from './account-schema';
export {
  type DeploymentConfig,
  type DeploymentConfigInput,
  type DeploymentConfigParts,
  deployableConfigIssues,
  findAccount,
  parseDeploymentConfig,
} from './deployment-config';
export {
  ConfigError,
  commandLineOptions,
  describeError,
  errorParts,
  exitOnUsageError,
  type FieldIssue,
  fieldIssues,
  fieldTypeErrors,
  formatPath,
  fullJitterMs,
  issueText,
  UsageError,
  wrappedError,
} from './errors';
export { ACCOUNT_NAME_PATTERN, isLoopbackHost, MAX_PORT, parsePort, TOKEN68_PATTERN } from './field-schemas';
export {
  BUNDLED_CONFIG_FILE,
  CONFIG_CONTEXT_KEY,
  loadDeploymentConfig,
  loadRepositoryConfig,
  RUNTIME_ENV,
  type RuntimeConfig,
  readBundledConfig,
  readRuntimeConfig,
  runtimeConfigDigest,
  runtimeConfigText,
  STACK_NAME,
  toRuntimeEnv,
} from './load-config';
export { type ScheduleSlot, scheduleSlots, slotId } from './schedule-slots';
