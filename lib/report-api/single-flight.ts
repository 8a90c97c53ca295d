/**
 * Runs at most one task per key at a time: a caller asking while one runs gets the same promise.
 * Written by hand: the project has no dependency for it, and a map of promises is the whole job.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  /** The task running for `key`, if any. */
  current(key: string): Promise<T> | undefined {
    return this.running.get(key);
  }

  /** Joins the task running for `key`, or starts `task` (forgotten once it settles). */
  run(key: string, task: () => Promise<T>): Promise<T> {
    const existing = this.running.get(key);
    if (existing) return existing;
    const started = task().finally(() => {
      this.running.delete(key);
    });
    this.running.set(key, started);
    return started;
  }
}
