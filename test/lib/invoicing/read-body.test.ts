import { describe, expect, it } from 'vitest';
import { readBody } from '../../../lib/invoicing/read-answer';
import type { TransportAnswer } from '../../../lib/invoicing/send-request';

const encoder = new TextEncoder();

/** An answer whose body is `chunks`, counting the chunks read and whether it was discarded. */
function answerOf(chunks: Uint8Array[], headers: Record<string, string> = {}) {
  const state = { pulled: 0, discarded: false };
  const answer: TransportAnswer = {
    status: 200,
    headers: new Headers(headers),
    body: {
      async *[Symbol.asyncIterator]() {
        for (const chunk of chunks) {
          state.pulled += 1;
          yield chunk;
        }
      },
    },
    discard: () => {
      state.discarded = true;
    },
  };
  return { answer, state };
}

describe('readBody', () => {
  it('reads the chunks as UTF-8, a character split between two chunks included', async () => {
    const bytes = encoder.encode('{"name":"Café 😀"}');
    const { answer, state } = answerOf([bytes.slice(0, 13), bytes.slice(13)]);

    expect((await readBody(answer, 1000))?.text()).toBe('{"name":"Café 😀"}');
    expect(state.discarded).toBe(false);
  });

  it('drops a leading byte order mark', async () => {
    const { answer } = answerOf([new Uint8Array([0xef, 0xbb, 0xbf]), encoder.encode('[]')]);

    expect((await readBody(answer, 1000))?.text()).toBe('[]');
  });

  it('reads a body of exactly the limit', async () => {
    const { answer } = answerOf([encoder.encode('12345'), encoder.encode('67890')]);

    expect((await readBody(answer, 10))?.text()).toBe('1234567890');
  });

  it('stops at the chunk that goes past the limit and drops the connection', async () => {
    const { answer, state } = answerOf([
      encoder.encode('123456'),
      encoder.encode('789012'),
      encoder.encode('3'),
    ]);

    expect(await readBody(answer, 10)).toBeUndefined();
    expect(state.pulled).toBe(2);
    expect(state.discarded).toBe(true);
  });

  it('refuses a declared length past the limit before reading a byte', async () => {
    const { answer, state } = answerOf([encoder.encode('x')], { 'content-length': '11' });

    expect(await readBody(answer, 10)).toBeUndefined();
    expect(state.pulled).toBe(0);
    expect(state.discarded).toBe(true);
  });
});
