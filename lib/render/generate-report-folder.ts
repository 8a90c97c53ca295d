import type { InvoicingClient } from '../invoicing';
import type { CollectProgress, Report, ReportRequest } from '../report';
import { buildReport, disposeReport } from '../report';
import { openReportFolder, type ReportFolderWriter } from './write-report';

export interface GenerateReportFolderOptions {
  /** The service's base URL, recorded as the report's source. */
  apiUrl: string;
  /** Where `<period>/` (`2026-09`, `2026-Q3`, `2026`) is written. */
  outDir: string;
  /** @default new Date() */
  now?: Date;
  onProgress?: (progress: CollectProgress) => void;
}

/**
 * Fetches a period and writes its folder, all files or none, each table as soon as its list is read; rows
 * that outgrow memory spill into `outDir`. The report returned keeps its figures; its row tables are spent.
 */
export async function generateReportFolder(
  client: InvoicingClient,
  request: ReportRequest,
  options: GenerateReportFolderOptions,
): Promise<{ report: Report; folder: string }> {
  const { outDir, ...built } = options;
  let opening: Promise<ReportFolderWriter> | undefined;
  const openFolder = (periodId: string) => {
    opening ??= openReportFolder(outDir, periodId);
    return opening;
  };
  let report: Report;
  try {
    report = await buildReport(client, request, {
      ...built,
      spill: { spillDir: outDir },
      onRowsComplete: (name, table, period) => {
        // A folder that fails to open fails the report below, when it is opened again.
        openFolder(period.id).then(
          (folder) => folder.writeTable(name, table),
          () => undefined,
        );
      },
    });
  } catch (error) {
    // The tables being written read rows that are gone now: stop them and remove what they wrote.
    await opening?.then((folder) => folder.abort()).catch(() => undefined);
    throw error;
  }
  try {
    const folder = await (await openFolder(report.summary.period.id)).finish(report);
    return { report, folder };
  } finally {
    await disposeReport(report);
  }
}
