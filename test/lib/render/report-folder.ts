import { openReportFolder } from '../../../lib/render/generate-report-folder';
import type { Report } from '../../../lib/report/model';

/** Writes a built report's folder under `outDir` as `generateReportFolder` does, and returns its path. */
export async function writeReportFolder(report: Report, outDir: string): Promise<string> {
  return (await openReportFolder(outDir, report.summary.period.id)).finish(report);
}
