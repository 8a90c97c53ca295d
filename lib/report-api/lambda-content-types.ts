import { defaultIsContentTypeBinary } from 'hono/aws-lambda';

/**
 * The `isContentTypeBinary` to pass to Hono's Lambda `handle`: the adapter's default plus CSV. The
 * adapter sends text bodies through `Response.text()`, which drops a UTF-8 byte order mark; sent as
 * base64, a CSV keeps the BOM Excel needs to read it as UTF-8.
 */
export function isContentTypeBinary(contentType: string): boolean {
  return /^text\/csv\s*(?:;|$)/i.test(contentType) || defaultIsContentTypeBinary(contentType);
}
