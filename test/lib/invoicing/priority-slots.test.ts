import { describe, expect, it } from 'vitest';
import { createPrioritySlots } from '../../../lib/invoicing/priority-slots';

/** A task that records when it starts and ends once `finish` is called. */
function gatedTask(name: string, log: string[]) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createPrioritySlots', () => {
  it('runs at most `concurrency` tasks at once, and gives each free slot to the highest priority waiting', async () => {
    const slots = createPrioritySlots(2);
    const log: string[] = [];
    const tasks = {
      a: gatedTask('a', log),
      b: gatedTask('b', log),
      low1: gatedTask('low1', log),
      low2: gatedTask('low2', log),
      high1: gatedTask('high1', log),
      high2: gatedTask('high2', log),
    };
    const results = [
      slots(0, tasks.a.run),
      slots(0, tasks.b.run),
      slots(-2, tasks.low1.run),
      slots(-2, tasks.low2.run),
      slots(-1, tasks.high1.run),
      slots(-1, tasks.high2.run),
    ];
    await settle();
    expect(log).toEqual(['a', 'b']);

    // One task waits inside p-limit to take the next slot at once: the first added, `low1`.
    tasks.a.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'low1']);
    // The others go by priority, then in the order added.
    tasks.b.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'low1', 'high1']);
    tasks.low1.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'low1', 'high1', 'high2']);
    tasks.high1.finish();
    tasks.high2.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'low1', 'high1', 'high2', 'low2']);
    tasks.low2.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'low1', 'low2', 'high1', 'high2']);
  });

  it('passes a task that fails its error, and frees its slot', async () => {
    const slots = createPrioritySlots(1);
    const failing = slots(0, async () => {
      throw new Error('page failed');
    });
    await expect(failing).rejects.toThrow('page failed');
    expect(await slots(0, async () => 'next')).toBe('next');
  });
});
