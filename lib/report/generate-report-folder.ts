import type { InvoicingClient } from '../invoicing';
import { buildReport, disposeReport } from './build-report';
import type { CollectProgress } from './collect';
import type { Report, ReportRequest } from './model';
import { writeReportFolder } from './write-report';

export interface GenerateReportFolderOptions {
  /** The service's base URL, recorded as the report's source. */
  apiUrl: string;
  /** The period's folder is written inside: `outDir/<period>/` (`2026-09`, `2026-Q3`, `2026`). */
  outDir: string;
  /** @default new Date() */
  now?: Date;
  onProgress?: (progress: CollectProgress) => void;
}

/**
 * Fetches a period from the service and writes its files, all together or none: the one path from the
 * service to a report folder, shared by the CLI, the scheduled function and the report API. Rows that
 * outgrow memory are sorted on disk in a hidden folder inside `outDir` (the disk the report goes to),
 * removed once the files are written. The report returned keeps its figures and lists; its row
 * tables cannot be read again.
 */
export async function generateReportFolder(
  client: InvoicingClient,
  request: ReportRequest,
  options: GenerateReportFolderOptions,
): Promise<{ report: Report; folder: string }> {
  const report = await buildReport(client, request, {
    apiUrl: options.apiUrl,
    spill: { spillDir: options.outDir },
    ...(options.now ? { now: options.now } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  try {
    const folder = await writeReportFolder(report, options.outDir);
    return { report, folder };
  } finally {
    await disposeReport(report);
  }
}
