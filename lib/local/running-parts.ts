/** How a started part is stopped. */
export type StopPart = () => Promise<void> | void;

/**
 * The parts of the stack that are running, stopped in the reverse order of their start, each once.
 * A part added once stopping has begun (it finished starting while the stack was being stopped) is
 * stopped at once, and a later `stopAll` waits for it too.
 */
export class RunningParts {
  private readonly stops: StopPart[] = [];
  private readonly inProgress = new Set<Promise<void>>();
  private stopped = false;

  /** Records a part that has started. */
  add(stop: StopPart): void {
    if (this.stopped) {
      this.track(Promise.resolve().then(stop));
      return;
    }
    this.stops.push(stop);
  }

  /**
   * Stops every part, the last started first; a part that fails to stop does not keep the others
   * running. Resolves once every stop begun so far (by this call or an earlier one) has finished.
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
    this.track(run);
    await Promise.allSettled([...this.inProgress]);
    await run;
  }

  private track(stopping: Promise<void>): void {
    this.inProgress.add(stopping);
    const forget = () => this.inProgress.delete(stopping);
    stopping.then(forget, forget);
  }
}
