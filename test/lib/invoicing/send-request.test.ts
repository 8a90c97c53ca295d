import { describe, expect, it } from 'vitest';
import { toMultipartBody } from '../../../lib/invoicing/send-request';

/** The body `fetch` itself writes for a `FormData` of the same fields, with its boundary swapped for ours. */
async function fetchEncoding(fields: Record<string, string>, boundary: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = new Response(form);
  const own = /boundary=(.+)$/.exec(response.headers.get('content-type') ?? '')?.[1];
  if (!own) throw new Error('no boundary');
  return (await response.text()).replaceAll(own, boundary);
}

const text = (body: Uint8Array) => new TextDecoder().decode(body);

describe('toMultipartBody', () => {
  it('writes the fields as multipart/form-data, byte for byte as fetch writes a FormData', async () => {
    const fields = {
      startDate: '2026-09-29',
      endDate: '2026-11-02',
      status: 'paid',
      offset: '0',
      limit: '100',
    };
    const { contentType, body } = toMultipartBody(fields, 'b0undary');

    expect(contentType).toBe('multipart/form-data; boundary=b0undary');
    expect(text(body)).toBe(await fetchEncoding(fields, 'b0undary'));
    expect(text(body)).toBe(
      '--b0undary\r\nContent-Disposition: form-data; name="startDate"\r\n\r\n2026-09-29\r\n' +
        '--b0undary\r\nContent-Disposition: form-data; name="endDate"\r\n\r\n2026-11-02\r\n' +
        '--b0undary\r\nContent-Disposition: form-data; name="status"\r\n\r\npaid\r\n' +
        '--b0undary\r\nContent-Disposition: form-data; name="offset"\r\n\r\n0\r\n' +
        '--b0undary\r\nContent-Disposition: form-data; name="limit"\r\n\r\n100\r\n' +
        '--b0undary--\r\n',
    );
  });

  it('escapes names and normalises line breaks in values as fetch does', async () => {
    const fields = {
      'a"b\r\nc\nd\re': 'x\ny\r\nz\rw',
      invoiceUid: 'INV "42" – ünïcødé 🚀',
      empty: '',
    };
    expect(text(toMultipartBody(fields, 'xyz').body)).toBe(await fetchEncoding(fields, 'xyz'));
  });

  it('leaves out fields that are not set and writes numbers as decimal text', () => {
    const { body } = toMultipartBody({ offset: 200, limit: undefined, projectId: undefined }, 'b');
    expect(text(body)).toBe('--b\r\nContent-Disposition: form-data; name="offset"\r\n\r\n200\r\n--b--\r\n');
  });

  it('draws a fresh boundary for each body', () => {
    const first = toMultipartBody({ offset: 0 }).contentType;
    const second = toMultipartBody({ offset: 0 }).contentType;
    expect(first).toMatch(/^multipart\/form-data; boundary=----invoicing-[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});
