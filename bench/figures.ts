import type { WalkCount } from './sandbox-server';

/**
 * Requests a list walk cannot do without: every full page, and one more that comes back short (or
 * empty) and so tells the client the list has ended.
 */
export function pagesNeeded(walk: Pick<WalkCount, 'records'>, maxLimit: number): number {
  return Math.floor(walk.records / maxLimit) + 1;
}

/** The least wall time the pages can take: all of them in flight `concurrency` at a time, each `latencyMs`. */
export function floorMs(pages: number, concurrency: number, latencyMs: number): number {
  return (pages / concurrency) * latencyMs;
}

/** `1,234,567` */
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');

/** `3.21 s` */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** `312 MiB` */
export const mebibytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Pads each cell to its column's width; the first column to the left, the others to the right. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}
