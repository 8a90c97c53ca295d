import type { ChildProcess } from 'node:child_process';

/** What a child printed so far, read at any moment. */
export function collect(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  return { stdout: () => stdout, stderr: () => stderr };
}

/** The child's exit code, once it exits. */
export function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/**
 * Resolves once `output` (what `collect` gives of stdout or of stderr) holds `pattern`, looking again
 * whenever the child prints on either; rejects, naming `label`, if the process ends first.
 */
export function waitFor(
  child: ChildProcess,
  output: () => string,
  pattern: RegExp,
  label: string,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = output().match(pattern);
      if (match) {
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve(match);
      }
    };
    // Listened to after `collect`'s own listeners, so that `output` already holds the chunk.
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', (code) =>
      reject(new Error(`${label} exited with ${code} before printing ${pattern}`)),
    );
  });
}
