import { describe, expect, it } from 'vitest';
import {
  BODY_EXCERPT_LENGTH,
  bodyExcerpt,
  EXCERPT_SOURCE_LENGTH,
  shortened,
} from '../../../lib/invoicing/redact-secret';

describe('bodyExcerpt', () => {
  it('collapses whitespace to single spaces on one line', () => {
    expect(bodyExcerpt('<html>\n  <body>\r\n\tBad   gateway</body>\n</html>\n')).toBe(
      '<html> <body> Bad gateway</body> </html>',
    );
  });

  it('keeps a short body whole', () => {
    expect(bodyExcerpt('{"result":"error"}')).toBe('{"result":"error"}');
  });

  it('cuts a long body to the excerpt length, ending with an ellipsis', () => {
    const excerpt = bodyExcerpt('x'.repeat(5000));

    expect(excerpt).toHaveLength(BODY_EXCERPT_LENGTH);
    expect(excerpt).toBe(`${'x'.repeat(BODY_EXCERPT_LENGTH - 1)}…`);
  });

  it('redacts every copy of the secret', () => {
    expect(bodyExcerpt('key sk-123 rejected; sk-123 is unknown', 'sk-123')).toBe(
      'key [redacted] rejected; [redacted] is unknown',
    );
  });

  it('redacts before cutting, so no prefix of the secret survives at the cut', () => {
    const secret = 'sk-live-0123456789abcdef';
    const body = `${'a'.repeat(BODY_EXCERPT_LENGTH - 10)}${secret}`;
    const excerpt = bodyExcerpt(body, secret);

    expect(excerpt).not.toContain('sk-live');
    expect(excerpt?.startsWith('a'.repeat(BODY_EXCERPT_LENGTH - 10))).toBe(true);
  });

  it('redacts the secret in its encoded forms too', () => {
    expect(bodyExcerpt('{"token":"sk_live\\/AbC+123456"}', 'sk_live/AbC+123456')).toBe(
      '{"token":"[redacted]"}',
    );
  });

  it('shows nothing of a body too long to search whole for the secret', () => {
    expect(bodyExcerpt('x'.repeat(EXCERPT_SOURCE_LENGTH), 'secret')).toHaveLength(BODY_EXCERPT_LENGTH);
    expect(bodyExcerpt('x'.repeat(EXCERPT_SOURCE_LENGTH + 1), 'secret')).toBeUndefined();
  });

  it('does not split an emoji at the cut', () => {
    const excerpt = bodyExcerpt(`${'a'.repeat(BODY_EXCERPT_LENGTH - 2)}😀 tail`);

    expect(excerpt).toBe(`${'a'.repeat(BODY_EXCERPT_LENGTH - 2)}…`);
  });
});

describe('shortened', () => {
  it('keeps a text that fits and cuts a longer one with an ellipsis', () => {
    expect(shortened('abcdef', 6)).toBe('abcdef');
    expect(shortened('abcdefg', 6)).toBe('abcde…');
  });
});
