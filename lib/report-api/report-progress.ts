/** How far a report's figures run. */
export interface ReportProgress {
  /** Whether the period had ended when the report was built. */
  complete: boolean;
  /** The instant its figures run to. */
  asOf: string;
}

/**
 * How far a report built at `generatedAt` runs, for a report that does not say it itself (a manifest,
 * or a summary saved before periods could be incomplete): complete when its period had ended by then,
 * and then it runs to the period's end; otherwise it runs to the moment it was built.
 * @example progressAt('2026-11-01T00:00:00.000Z', '2026-10-23T13:35:02.000Z')
 * // { complete: false, asOf: '2026-10-23T13:35:02.000Z' }
 */
export function progressAt(end: string, generatedAt: string): ReportProgress {
  const complete = Date.parse(end) <= Date.parse(generatedAt);
  return { complete, asOf: complete ? end : generatedAt };
}
