import { describe, expect, it } from 'vitest';
import { describeError, errorParts, wrappedError } from '../../../lib/config/describe-error';

describe('errorParts', () => {
  it("gives an error's name and message", () => {
    expect(errorParts(new RangeError('port 70000 is out of range'))).toEqual({
      name: 'RangeError',
      message: 'port 70000 is out of range',
    });
  });

  it('gives the type and text of a thrown value that is not an Error', () => {
    expect(errorParts('boom')).toEqual({ name: 'string', message: 'boom' });
    expect(errorParts(42)).toEqual({ name: 'number', message: '42' });
  });
});

describe('describeError', () => {
  it('names the error and its message on one line', () => {
    expect(describeError(new TypeError('fetch failed'))).toBe('TypeError: fetch failed');
  });

  it('stops at the first line break of the message', () => {
    expect(describeError(new Error('listen EADDRINUSE\n    at Server.listen (node:net:1)'))).toBe(
      'Error: listen EADDRINUSE',
    );
  });

  it('gives the first line of a thrown value that is not an Error', () => {
    expect(describeError('first\nsecond')).toBe('first');
  });
});

describe('wrappedError', () => {
  it('gives the error one level down', () => {
    const socket = new Error('connect ECONNREFUSED 127.0.0.1:9');
    const outer = new TypeError('fetch failed', { cause: new Error('middle', { cause: socket }) });
    expect((wrappedError(outer) as Error).message).toBe('middle');
  });

  it('gives the error itself when it wraps none, or wraps something that is not an Error', () => {
    const alone = new Error('alone');
    const withText = new Error('outer', { cause: 'a string' });
    expect(wrappedError(alone)).toBe(alone);
    expect(wrappedError(withText)).toBe(withText);
  });
});
