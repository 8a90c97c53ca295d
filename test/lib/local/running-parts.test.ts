import { describe, expect, it } from 'vitest';
import { RunningParts } from '../../../lib/local/stack';

describe('RunningParts', () => {
  it('stops the parts in the reverse order of their start', async () => {
    const stopped: string[] = [];
    const parts = new RunningParts();
    for (const name of ['sandbox', 's3', 'ses', 'api']) parts.add(() => void stopped.push(name));
    await parts.stopAll();
    expect(stopped).toEqual(['api', 'ses', 's3', 'sandbox']);
  });

  it('stops every part even when one fails, then throws the first failure', async () => {
    const stopped: string[] = [];
    const parts = new RunningParts();
    parts.add(() => void stopped.push('first'));
    parts.add(() => {
      throw new Error('cannot stop the second');
    });
    parts.add(async () => {
      throw new Error('cannot stop the third');
    });
    await expect(parts.stopAll()).rejects.toThrow('cannot stop the third');
    expect(stopped).toEqual(['first']);
  });

  it('stops each part once however often it is asked', async () => {
    let stops = 0;
    const parts = new RunningParts();
    parts.add(() => {
      stops += 1;
    });
    await Promise.all([parts.stopAll(), parts.stopAll()]);
    await parts.stopAll();
    expect(stops).toBe(1);
  });

  it('waits for a part still stopping when asked a second time', async () => {
    let release = () => {};
    let done = false;
    const parts = new RunningParts();
    parts.add(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            done = true;
            resolve();
          };
        }),
    );
    const first = parts.stopAll();
    let secondSettled = false;
    const second = parts.stopAll().then(() => {
      secondSettled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondSettled).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(done).toBe(true);
  });

  it('stops a part added after stopping began at the next stopAll', async () => {
    const stopped: string[] = [];
    const parts = new RunningParts();
    await parts.stopAll();
    parts.add(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      stopped.push('late');
    });
    await parts.stopAll();
    expect(stopped).toEqual(['late']);
  });
});
