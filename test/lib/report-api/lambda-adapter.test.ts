import { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { describe, expect, it } from 'vitest';
import { isContentTypeBinary } from '../../../lib/report-api';
import { functionUrlEvent } from '../../fixtures/function-url-event';

describe('isContentTypeBinary', () => {
  it.each([
    ['text/csv; charset=utf-8', true],
    ['text/csv', true],
    ['TEXT/CSV;charset=UTF-8', true],
    ['application/octet-stream', true],
    ['application/json', false],
    ['text/html; charset=utf-8', false],
    ['text/csvx', false],
  ])('says %s is binary: %s', (contentType, binary) => {
    expect(isContentTypeBinary(contentType)).toBe(binary);
  });

  it('keeps a CSV body’s byte order mark through the Lambda adapter', async () => {
    const csv = '\uFEFFpayment_id,amount\r\n1,0.00000095\r\n';
    const app = new Hono().get('/file.csv', (c) =>
      c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' }),
    );
    const event = functionUrlEvent({ path: '/file.csv' });

    const kept = await handle(app, { isContentTypeBinary })(event);
    expect(kept.isBase64Encoded).toBe(true);
    expect([...Buffer.from(kept.body, 'base64')]).toEqual([...Buffer.from(csv, 'utf8')]);

    // Without it the adapter reads the body as text, and the BOM is gone.
    const dropped = await handle(app)(event);
    expect(dropped.isBase64Encoded).toBe(false);
    expect(dropped.body).toBe('payment_id,amount\r\n1,0.00000095\r\n');
  });
});
