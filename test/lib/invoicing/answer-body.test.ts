import { describe, expect, it } from 'vitest';
import { AnswerBody } from '../../../lib/invoicing/read-answer';

const bodyOf = (...parts: (string | number[])[]) =>
  new AnswerBody(
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))),
  );

/** A character other than printable ASCII (these bodies hold no control characters). */
const BEYOND_ASCII = /[^ -~]/;

describe('AnswerBody', () => {
  it('reads an ASCII body as the same text both ways', () => {
    const body = bodyOf('{"result":"success","data":[{"uid":"INV-1"}]}');

    expect(body.text()).toBe('{"result":"success","data":[{"uid":"INV-1"}]}');
    expect(body.jsonText()).toBe(body.text());
  });

  it('writes every character beyond ASCII in a string as an escape that parses to it', () => {
    const body = bodyOf('{"description":"Crème brûlée — 12 × €4,50 ☕ 🍰 👩‍💻 請求書","name":"plain"}');

    expect(body.jsonText()).not.toMatch(BEYOND_ASCII);
    expect(body.jsonText()).toContain('"Cr\\u00e8me br\\u00fbl\\u00e9e \\u2014 12 \\u00d7 \\u20ac4,50 ');
    expect(JSON.parse(body.jsonText())).toEqual({
      description: 'Crème brûlée — 12 × €4,50 ☕ 🍰 👩‍💻 請求書',
      name: 'plain',
    });
  });

  it('keeps escapes the service wrote itself beside the ones it adds', () => {
    const body = bodyOf('{"a":"\\u00e9é\\n"}');

    expect(JSON.parse(body.jsonText())).toEqual({ a: 'éé\n' });
  });

  it('reads bytes that are not UTF-8 as replacement characters, as the text has them', () => {
    // 0xff is never UTF-8; 0xe2 0x82 starts a three-byte character that the quote cuts short.
    const body = bodyOf('{"a":"x', [0xff], 'y', [0xe2, 0x82], '"}');

    expect(body.text()).toBe('{"a":"x\uFFFDy\uFFFD"}');
    expect(JSON.parse(body.jsonText())).toEqual({ a: 'x\uFFFDy\uFFFD' });
  });

  it('drops a leading byte order mark from both readings', () => {
    const body = bodyOf([0xef, 0xbb, 0xbf], '{"a":"é"}');

    expect(body.text()).toBe('{"a":"é"}');
    expect(JSON.parse(body.jsonText())).toEqual({ a: 'é' });
  });

  it('leaves a character outside any string as invalid as it was', () => {
    const body = bodyOf('{"a":1é}');

    expect(() => JSON.parse(body.text())).toThrow(SyntaxError);
    expect(() => JSON.parse(body.jsonText())).toThrow(SyntaxError);
  });
});
