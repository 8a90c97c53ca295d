import pLimit from 'p-limit';

/** Runs a task in one of the shared slots, once a slot is free and no task of a higher priority waits. */
export type PrioritySlots = <T>(priority: number, task: () => Promise<T>) => Promise<T>;

interface Waiting {
  priority: number;
  enter(): void;
}

/**
 * At most `concurrency` tasks at once; a free slot goes to the waiting task of the highest priority,
 * the first added among equals.
 *
 * p-limit has no priorities, so they are added in front of it: one task at a time waits inside p-limit,
 * to take the next free slot the moment it frees, and the others wait here in order of priority; each
 * task that starts lets the next one in. p-limit still holds the limit. (p-queue has priorities, but
 * with it the client's tests saw the service answering one request more than the limit, a new request
 * arriving before the last answer had closed; p-limit's timing does not do that.)
 */
export function createPrioritySlots(concurrency: number): PrioritySlots {
  const limit = pLimit(concurrency);
  /** Highest priority first, then first added. */
  const waiting: Waiting[] = [];
  const letIn = () => {
    while (waiting.length > 0 && limit.activeCount + limit.pendingCount <= concurrency)
      waiting.shift()!.enter();
  };
  return <T>(priority: number, task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        priority,
        enter: () => {
          limit(() => {
            letIn();
            return task();
          }).then(resolve, reject);
        },
      };
      const after = waiting.findIndex((other) => other.priority < priority);
      waiting.splice(after === -1 ? waiting.length : after, 0, entry);
      letIn();
    });
}
