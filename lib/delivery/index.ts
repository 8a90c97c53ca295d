export { createS3Client, createSesClient } from './aws-clients';
export { composeReportEmail } from './compose-email';
export {
  alreadySentUnlessForced,
  coversWholePeriod,
  DEFAULT_STALE_CLAIM_MS,
  type DeliveryResult,
  deliverReportEmailOnce,
  deliveryStatus,
  type EmailSending,
} from './deliver-once';
export {
  CorruptObjectError,
  DELIVERY_UNCONFIRMED,
  DeliveryInProgressError,
  DeliveryRecordError,
  DeliveryUnconfirmedError,
  EmailOutcomeUnknownError,
  EmailSendError,
  EmailTooLargeError,
  InvalidEmailError,
  InvalidReportFolderError,
  InvalidReportKeyError,
  ReportBuildError,
  SigningKeyError,
} from './errors';
export { claimRebuild } from './rebuild-claim';
export {
  isReportFileName,
  REPORT_FILE_NAMES,
  type ReportFileName,
  reportDownloadName,
  reportFileContentType,
} from './report-files';
export {
  BUILDS_FOLDER,
  MANIFEST_FILE_NAME,
  manifestKey,
  REBUILD_RECORD_FILE_NAME,
  reportPrefix,
} from './report-key';
export { listReportPeriods, manifestFile, type ReportManifest, readManifest } from './report-manifest';
export { getObjectText } from './s3-objects';
export { beginReportBuild, saveReport } from './save-report';
export {
  AwsSecretSource,
  defaultSecretSource,
  InMemorySecretSource,
  SecretError,
  type SecretSource,
} from './secrets';
export {
  type LinkVerdict,
  linkExpiryInstant,
  MAX_PRESIGN_SECONDS,
  MIN_SIGNING_KEY_BYTES,
  presignReportFile,
  type SigningKey,
  signReportIndexLink,
  signReportLink,
  signReportLinks,
  verifyReportIndexLink,
  verifyReportLink,
} from './signed-link';
