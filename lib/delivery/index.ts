export { type AwsClientOptions, createS3Client, createSesClient, type SesClientOptions } from './aws-clients';
export { isBuildId } from './build-id';
export {
  type ComposeReportEmailOptions,
  composeReportEmail,
  type EmailAttachment,
  type EmailContent,
} from './compose-email';
export {
  type ComposedEmail,
  type ComposeWithinLimitOptions,
  composeWithinLimit,
  DEFAULT_MAX_MESSAGE_BYTES,
  type RenderContext,
  type RenderEmail,
  SES_V1_MAX_MESSAGE_BYTES,
} from './compose-within-limit';
export {
  type DeliverReportEmailOnceOptions,
  type DeliveryResult,
  deliverReportEmailOnce,
  type EmailSending,
} from './deliver-once';
export {
  coversWholePeriod,
  type DeliveryRecord,
  readDeliveryRecord,
  type SendingRecord,
  type SentRecord,
} from './delivery-record';
export {
  type AlreadySent,
  alreadySent,
  alreadySentUnlessForced,
  DEFAULT_STALE_CLAIM_MS,
  type DeliveryRequest,
  type DeliveryStatus,
  type DeliveryStatusOptions,
  deliveryStatus,
} from './delivery-status';
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
export {
  type SignReportIndexLinkOptions,
  signReportIndexLink,
  type VerifyReportIndexLinkOptions,
  verifyReportIndexLink,
} from './index-link';
export { MAX_PRESIGN_SECONDS, type PresignReportFileOptions, presignReportFile } from './presign-report-file';
export {
  type ClaimRebuildOptions,
  claimRebuild,
  REBUILD_RECORD_FILE_NAME,
  type RebuildClaim,
  rebuildRecordKey,
} from './rebuild-claim';
export {
  type BeginReportBuildOptions,
  beginReportBuild,
  type ReplacedManifest,
  type ReportBuild,
} from './report-build';
export {
  isReportFileName,
  REPORT_FILE_NAMES,
  type ReportFileName,
  reportDownloadName,
  reportFileContentType,
} from './report-files';
export {
  accountPrefix,
  BUILDS_FOLDER,
  buildFileKey,
  deliveryRecordKey,
  isReportFileKey,
  MANIFEST_FILE_NAME,
  manifestKey,
  type ReportObjectName,
  reportPrefix,
} from './report-key';
export {
  type LinkExpiry,
  type SignedReportLinks,
  type SignReportLinksOptions,
  signReportLinks,
} from './report-links';
export {
  type ManifestFile,
  manifestFile,
  type ReadManifestOptions,
  type ReportManifest,
  readManifest,
  type SupersededBuild,
} from './report-manifest';
export { type ListReportPeriodsOptions, listReportPeriods } from './report-periods';
export { getObjectText } from './s3-objects';
export { type SavedReport, type SaveReportOptions, saveReport } from './save-report';
export {
  AwsSecretSource,
  defaultSecretSource,
  InMemorySecretSource,
  SecretError,
  type SecretSource,
} from './secrets';
export { type SendRawEmailOptions, type SentEmail, sendRawEmail } from './send-raw-email';
export { type SesFailureKind, sesFailureKind } from './ses-outcome';
export { backoffMs, type RetryOptions } from './ses-retry';
export {
  type LinkVerdict,
  linkExpiryInstant,
  MIN_SIGNING_KEY_BYTES,
  type SigningKey,
  type SignReportLinkOptions,
  signReportLink,
  type VerifyReportLinkOptions,
  verifyReportLink,
} from './signed-link';
export type { ManifestSwitch } from './switch-manifest';
