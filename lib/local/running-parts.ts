/** How a started part is stopped. */
export type StopPart = () => Promise<void> | void;

/**
 * The parts of the stack that are running, stopped in the reverse order of their start, each once. A
 * part added once stopping has begun (it finished starting meanwhile) is stopped at once, and a later
 * `stopAll` waits for it too.
 */
export class RunningParts {
  private readonly stops: StopPart[] = [];
  private readonly stopping: Promise<unknown>[] = [];
  private stopped = false;

  add(stop: StopPart): void {
    if (this.stopped)
      this.stopping.push(
        Promise.resolve()
          .then(stop)
          .catch(() => {}),
      );
    else this.stops.push(stop);
  }

  /**
   * Stops every part, the last started first; one that fails to stop does not keep the others running.
   * Resolves once every stop begun so far has finished.
   * @throws the first error this call met, after every part has been asked to stop
   */
  async stopAll(): Promise<void> {
    this.stopped = true;
    const stops = this.stops.splice(0).reverse();
    const run = (async () => {
      let firstError: unknown;
      for (const stop of stops) {
        try {
          await stop();
        } catch (error) {
          firstError ??= error;
        }
      }
      if (firstError !== undefined) throw firstError;
    })();
    this.stopping.push(run.catch(() => {}));
    await Promise.all(this.stopping);
    await run;
  }
}
