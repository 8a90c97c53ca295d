/** Where progress goes: `process.stderr`, or anything with `write` (and `isTTY` when it is a terminal). */
export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * A status line: on a terminal each update rewrites the same line (`\r`, then erase to its end) at most
 * every 100 ms; in a log or a pipe, where `\r` would pile up, an update is a line of its own at most every
 * 5 s. The first update is always shown; `finish` ends the line, on a terminal showing first the latest
 * status that throttling held back.
 */
export function createProgressLine(output: ProgressOutput, now: () => number = Date.now) {
  const terminal = output.isTTY === true;
  const intervalMs = terminal ? 100 : 5000;
  let lastShown: number | undefined;
  let heldBack: string | undefined;
  let lineOpen = false;
  const show = (text: string) => {
    output.write(terminal ? `\r${text}\x1b[K` : `${text}\n`);
    lineOpen = terminal;
  };
  return {
    update(text: string) {
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
