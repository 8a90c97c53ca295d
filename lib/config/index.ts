export { type AccountConfig, domainOf } from './account-schema';
export { CONFIG_CONTEXT_KEY, STACK_NAME } from './cdk-context';
export { ConfigError, exitOnUsageError, UsageError } from './config-error';
export { deployableConfigIssues } from './deployable-config';
export {
  type DeploymentConfig,
  type DeploymentConfigInput,
  type DeploymentConfigParts,
  findAccount,
  parseDeploymentConfig,
} from './deployment-config';
export { describeError, errorParts, wrappedError } from './describe-error';
export { ACCOUNT_NAME_PATTERN, isLoopbackHost } from './field-schemas';
export { fullJitterMs } from './full-jitter';
export { loadDeploymentConfig, loadRepositoryConfig } from './load-deployment-config';
export { MAX_PORT, parsePort } from './port-number';
export { projectNamesSchema } from './project-names-schema';
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
export { scheduleClock } from './schedule-schema';
export { type ScheduleSlot, scheduleSlots, slotId } from './schedule-slots';
export { TOKEN68_PATTERN } from './token68';
export { type FieldIssue, fieldIssues, fieldTypeErrors, formatPath, issueText } from './zod-issues';
