import { describe, expect, it } from 'vitest';
import { contentTypeOf, requestIdOf } from '../../../lib/invoicing/redact-secret';

const KEY = 'sk_live/AbC+123456';

describe('requestIdOf', () => {
  it('keeps an id made of letters, digits and a little punctuation', () => {
    expect(requestIdOf(new Headers({ 'x-request-id': ' req-42 ' }), KEY)).toBe('req-42');
    expect(requestIdOf(new Headers({ 'x-request-id': '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f' }), KEY)).toBe(
      '6f1c2a4e-8b3d-4c5f-9a7e-1d2b3c4d5e6f',
    );
  });

  it('drops an id that is text, too long, or holds the key in any form', () => {
    const idOf = (value: string) => requestIdOf(new Headers({ 'x-request-id': value }), KEY);

    expect(idOf('<script>alert(1)</script>')).toBeUndefined();
    expect(idOf('id with spaces')).toBeUndefined();
    expect(idOf('a'.repeat(129))).toBeUndefined();
    expect(idOf(KEY)).toBeUndefined();
    expect(idOf('sk_live%2FAbC%2B123456')).toBeUndefined();
    expect(requestIdOf(new Headers(), KEY)).toBeUndefined();
  });
});

describe('contentTypeOf', () => {
  it('shows the content type as sent', () => {
    expect(contentTypeOf(new Headers({ 'content-type': 'text/html; charset=UTF-8' }), KEY)).toBe(
      'text/html; charset=UTF-8',
    );
  });

  it('names a missing or unreadable one in words', () => {
    expect(contentTypeOf(new Headers(), KEY)).toBe('no content type');
    expect(contentTypeOf({ get: () => 'text/html\u0000' }, KEY)).toBe('an unreadable content type');
  });

  it('redacts the key and cuts a long one short', () => {
    expect(contentTypeOf(new Headers({ 'content-type': `text/plain; token=${KEY}` }), KEY)).toBe(
      'text/plain; token=[redacted]',
    );
    expect(contentTypeOf(new Headers({ 'content-type': `text/plain; x=${'y'.repeat(200)}` }), KEY)).toBe(
      `text/plain; x=${'y'.repeat(85)}…`,
    );
  });
});
