import { join } from 'node:path';
import { DeleteObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import {
  DeliveryInProgressError,
  DeliveryRecordError,
  DeliveryUnconfirmedError,
  deliverReportEmailOnce,
  EmailSendError,
} from '../../../lib/delivery';
import type { DeliverReportEmailOnceOptions } from '../../../lib/delivery/deliver-once';
import { conditionalDelivery, etagOf, preconditionFailed } from './conditional-bucket';
import { FORBIDDEN_PAGE, messageRejected, sdkErrorForAnswer } from './sdk-ses-answer';

// s3rver ignores If-None-Match and If-Match, so S3's conditional writes come from an in-memory bucket
// that honours them as S3 does; SES's answers from a client mock.
const credentials = { accessKeyId: 'x', secretAccessKey: 'y' };
const s3 = new S3Client({ region: 'us-east-1', credentials });
const ses = new SESClient({ region: 'us-east-1', credentials, maxAttempts: 1 });
const sesMock = mockClient(ses);
const KEY = 'reports/acme/2026-10/delivery.json';
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));

const SENT_BEFORE = {
  state: 'sent',
  messageId: 'm-old',
  sentAt: '2026-11-01T05:00:00.000Z',
  recipients: 1,
  attachmentsIncluded: true,
};

/** What S3 answers when it fails on its side. */
function internalError() {
  return new S3ServiceException({
    name: 'InternalError',
    message: 'We encountered an internal error.',
    $fault: 'server',
    $metadata: { httpStatusCode: 500 },
  });
}

describe('deliverReportEmailOnce with conditional writes', () => {
  const setup = conditionalDelivery(s3, () => sesMock.reset());

  function deliver(overrides: Partial<DeliverReportEmailOnceOptions> = {}) {
    return deliverReportEmailOnce({
      s3,
      ses,
      bucket: 'reports-bucket',
      account: 'acme',
      period: '2026-10',
      from: 'reports@acme.example',
      to: ['books@acme.example'],
      render: () => ({ subject: 'October', html: '<p>attached</p>', text: 'attached' }),
      complete: true,
      attachments: [
        { filename: 'payments.csv', path: join(setup.folder, 'payments.csv'), contentType: 'text/csv' },
      ],
      now: () => NOW,
      ...overrides,
    });
  }

  function puts() {
    return setup.bucket.mock.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
  }

  function deletes() {
    return setup.bucket.mock.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input);
  }

  it('claims with If-None-Match, then marks the period sent with If-Match naming the claim', async () => {
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-1' });
    await deliver();
    const [claim, sent] = puts();
    expect(claim?.Key).toBe(KEY);
    expect(claim?.IfNoneMatch).toBe('*');
    expect(claim?.IfMatch).toBeUndefined();
    expect(JSON.parse(String(claim?.Body))).toMatchObject({
      state: 'sending',
      claimedAt: '2026-11-01T06:00:00.000Z',
    });
    expect(sent?.IfMatch).toBe(etagOf(String(claim?.Body)));
    expect(setup.bucket.json(KEY)).toEqual({
      state: 'sent',
      messageId: 'm-1',
      sentAt: '2026-11-01T06:00:00.000Z',
      recipients: 1,
      attachmentsIncluded: true,
      complete: true,
    });
  });

  it('keeps the claim and alarms when a 403 comes back as an HTML page, not as an error of SES', async () => {
    // Something in front of SES (a proxy, a load balancer) answered: nothing says SES did not send it.
    sesMock.on(SendRawEmailCommand).rejects(await sdkErrorForAnswer(403, 'text/html', FORBIDDEN_PAGE));
    const error = await deliver().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryUnconfirmedError);
    expect((error as Error).message).toMatch(/^delivery unconfirmed/);
    expect((error as Error).message).toContain('HTTP 403');
    expect(deletes()).toHaveLength(0);
    expect(setup.bucket.json(KEY)).toMatchObject({ state: 'sending', claimedAt: '2026-11-01T06:00:00.000Z' });
  });

  it('releases the claim after a refusal with If-Match naming the claim', async () => {
    sesMock.on(SendRawEmailCommand).rejects(messageRejected());
    await expect(deliver()).rejects.toThrow(EmailSendError);
    const [claim] = puts();
    expect(deletes()).toEqual([{ Bucket: 'reports-bucket', Key: KEY, IfMatch: etagOf(String(claim?.Body)) }]);
    expect(setup.bucket.objects.has(KEY)).toBe(false);
  });

  it('claims over the version a forced resend read, and puts it back with If-Match when SES refuses', async () => {
    const before = setup.bucket.put(KEY, SENT_BEFORE);
    sesMock.on(SendRawEmailCommand).rejects(messageRejected());
    await expect(deliver({ force: true })).rejects.toThrow(EmailSendError);
    const [claim, restore] = puts();
    expect(claim?.IfMatch).toBe(before);
    expect(claim?.IfNoneMatch).toBeUndefined();
    expect(restore?.IfMatch).toBe(etagOf(String(claim?.Body)));
    expect(setup.bucket.json(KEY)).toEqual(SENT_BEFORE);
  });

  it('reads again when another run changed the record under a forced resend, and claims over that', async () => {
    const other = { state: 'sending', claimedAt: '2026-11-01T05:59:00.000Z', claimId: 'other-force' };
    const before = setup.bucket.put(KEY, SENT_BEFORE);
    let otherEtag = '';
    setup.bucket.beforeNext('put', () => {
      otherEtag = setup.bucket.put(KEY, other);
    });
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-forced' });
    expect(await deliver({ force: true })).toMatchObject({ status: 'sent', messageId: 'm-forced' });
    expect(puts().map((input) => input.IfMatch)).toEqual([
      before,
      otherEtag,
      etagOf(String(puts()[1]?.Body)),
    ]);
  });

  it('sends one resend and keeps its record when a normal run fails beside it', async () => {
    let calls = 0;
    let accepted = 0;
    let resend: unknown;
    sesMock.on(SendRawEmailCommand).callsFake(async () => {
      calls += 1;
      if (calls === 1) {
        // While the normal run waits for SES, an operator's forced resend runs from start to end...
        resend = await deliver({ force: true });
        // ...then SES refuses the normal run's message.
        throw messageRejected();
      }
      accepted += 1;
      return { MessageId: 'm-forced' };
    });

    await expect(deliver()).rejects.toThrow(EmailSendError);
    expect(resend).toEqual({ status: 'sent', messageId: 'm-forced', attachmentsIncluded: true });
    expect(accepted).toBe(1);
    expect(setup.bucket.json(KEY)).toMatchObject({ state: 'sent', messageId: 'm-forced' });
    // The normal run tried to release its own claim only, and S3 refused: the claim was no longer there.
    const normalClaim = puts()[0];
    expect(deletes().map((input) => input.IfMatch)).toEqual([etagOf(String(normalClaim?.Body))]);

    // Lambda's retry of the normal run finds the resend's record and sends nothing.
    expect(await deliver()).toEqual({
      status: 'already-sent',
      messageId: 'm-forced',
      sentAt: '2026-11-01T06:00:00.000Z',
    });
    expect(accepted).toBe(1);
  });

  it("leaves a forced resend's record when the resend replaced the claim while this run was sending", async () => {
    let calls = 0;
    sesMock.on(SendRawEmailCommand).callsFake(async () => {
      calls += 1;
      if (calls === 1) {
        await deliver({ force: true });
        return { MessageId: 'm-normal' };
      }
      return { MessageId: 'm-forced' };
    });
    expect(await deliver()).toEqual({ status: 'sent', messageId: 'm-normal', attachmentsIncluded: true });
    expect(setup.bucket.json(KEY)).toMatchObject({ state: 'sent', messageId: 'm-forced' });
  });

  it('returns already-sent without sending when another run finished first', async () => {
    setup.bucket.beforeNext('put', () => {
      setup.bucket.put(KEY, { ...SENT_BEFORE, messageId: 'm-other', sentAt: '2026-11-01T05:59:59.000Z' });
    });
    expect(await deliver()).toEqual({
      status: 'already-sent',
      messageId: 'm-other',
      sentAt: '2026-11-01T05:59:59.000Z',
    });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(deletes()).toHaveLength(0);
  });

  it('sends nothing and says so while another run that claimed first is still sending', async () => {
    const other = { state: 'sending', claimedAt: '2026-11-01T05:59:59.000Z', claimId: 'other' };
    setup.bucket.beforeNext('put', () => {
      setup.bucket.put(KEY, other);
    });
    const error = await deliver().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryInProgressError);
    expect((error as Error).message).toContain('nothing was sent by this run');
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(setup.bucket.json(KEY)).toEqual(other);
  });

  it('claims again when the other run released the period in between', async () => {
    setup.bucket.beforeNext('put', () => {
      setup.bucket.put(KEY, { state: 'sending', claimedAt: '2026-11-01T05:59:59.000Z', claimId: 'other' });
      setup.bucket.beforeNext('get', () => {
        setup.bucket.objects.delete(KEY);
      });
    });
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-2' });
    expect(await deliver()).toEqual({ status: 'sent', messageId: 'm-2', attachmentsIncluded: true });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
  });

  // S3 stored the claim, then answered 500: the SDK's standard retry sends the same PutObject again, which
  // S3 answers 412 since the claim is there by then; or every attempt is answered with an error.
  it.each([
    ["its answer was lost and the SDK's retry found the claim (412)", preconditionFailed],
    ['every answer to the write was an error (500)', internalError],
  ])('sends once when S3 wrote the claim but %s', async (_case, answer) => {
    setup.bucket.afterNext('put', () => {
      throw answer();
    });
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-4' });
    expect(await deliver()).toEqual({ status: 'sent', messageId: 'm-4', attachmentsIncluded: true });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
    expect(setup.bucket.json(KEY)).toMatchObject({ state: 'sent', messageId: 'm-4' });
  });

  it("sends nothing and throws S3's error when the claim could not be written", async () => {
    setup.bucket.beforeNext('put', () => {
      throw internalError();
    });
    await expect(deliver()).rejects.toThrow('We encountered an internal error.');
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(setup.bucket.objects.has(KEY)).toBe(false);
  });

  it('keeps the claim and names the message id when SES accepted but the record could not be written', async () => {
    setup.bucket.beforeNext('put', () => {
      setup.bucket.beforeNext('put', () => {
        throw internalError();
      });
    });
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-3' });
    const error = await deliver().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryRecordError);
    expect((error as Error).message).toContain('message id m-3');
    expect(deletes()).toHaveLength(0);
    expect(setup.bucket.json(KEY)).toMatchObject({ state: 'sending' });
  });
});
