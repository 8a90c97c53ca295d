/** Where progress goes: `process.stderr`, or anything with `write` (and `isTTY` when it is a terminal). */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * A status line: on a terminal each update rewrites the same line (`\r`, then erase to its end) at most
 * once per `terminalIntervalMs`; in a log or a pipe, where `\r` would pile up, an update is a line of its
 * own at most once per `intervalMs`. The first update is always shown; `finish` ends the line, on a
 * terminal showing first the latest status that throttling held back.
 */
export function createProgressLine(
  output: ProgressOutput,
  options: { intervalMs?: number; terminalIntervalMs?: number; now?: () => number } = {},
): { update(text: string): void; finish(): void } {
  const terminal = output.isTTY === true;
  const intervalMs = terminal ? (options.terminalIntervalMs ?? 100) : (options.intervalMs ?? 5000);
  const now = options.now ?? Date.now;
  let lastShown: number | undefined;
  let heldBack: string | undefined;
  let lineOpen = false;
  const show = (text: string) => {
    output.write(terminal ? `\r${text}\x1b[K` : `${text}\n`);
    lineOpen = terminal;
  };
  return {
    update(text) {
      const at = now();
      if (lastShown !== undefined && at - lastShown < intervalMs) {
        heldBack = text;
        return;
      }
      lastShown = at;
      heldBack = undefined;
      show(text);
    },
    finish() {
      if (terminal && heldBack !== undefined) show(heldBack);
      heldBack = undefined;
      if (lineOpen) output.write('\n');
      lineOpen = false;
    },
  };
}
