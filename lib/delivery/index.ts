export { createS3Client, createSesClient } from './aws-clients';
export { composeReportEmail } from './compose-email';
export * from './deliver-once';
export * from './errors';
export { claimRebuild } from './rebuild-claim';
export * from './report-files';
export {
  BUILDS_FOLDER,
  MANIFEST_FILE_NAME,
  manifestKey,
  REBUILD_RECORD_FILE_NAME,
  reportPrefix,
} from './report-key';
export { listReportPeriods, manifestFile, type ReportManifest, readManifest } from './report-manifest';
export { readJsonObject } from './s3-objects';
export { beginReportBuild, saveReport } from './save-report';
export * from './secrets';
export * from './signed-link';
