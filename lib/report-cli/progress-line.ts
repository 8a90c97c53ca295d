/** Where progress goes: `process.stderr`, or anything with `write` (and `isTTY` when it is a terminal). */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressLineOptions {
  /** Without a terminal, the least time between two printed lines. @default 5000 */
  intervalMs?: number;
  /** On a terminal, the least time between two rewrites of the line. @default 100 */
  terminalIntervalMs?: number;
  /** Milliseconds since some fixed point; tests pass a fake clock. @default Date.now */
  now?: () => number;
}

/** A status line that is rewritten in place on a terminal and printed now and then otherwise. */
export interface ProgressLine {
  /** Shows `text` as the current status (or soon: updates are throttled). */
  update(text: string): void;
  /**
   * Ends the status line, so that what is written next starts on a line of its own. On a terminal the
   * latest status is shown first if throttling held it back.
   */
  finish(): void;
}

/**
 * On a terminal each update rewrites the same line (`\r`, then erase to the end of the line), at most
 * once per `terminalIntervalMs`; in a log file or a pipe, where `\r` would pile up on one line, an update
 * is printed as a line of its own at most once per `intervalMs`. The first update is always shown.
 */
export function createProgressLine(output: ProgressOutput, options: ProgressLineOptions = {}): ProgressLine {
  const terminal = output.isTTY === true;
  const intervalMs = terminal ? (options.terminalIntervalMs ?? 100) : (options.intervalMs ?? 5000);
  const now = options.now ?? Date.now;
  let lastShown: number | undefined;
  let heldBack: string | undefined;
  let lineOpen = false;
  const show = (text: string) => {
    if (terminal) {
      output.write(`\r${text}\x1b[K`);
      lineOpen = true;
    } else {
      output.write(`${text}\n`);
    }
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
