import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { DeliveryInProgressError, deliverReportEmailOnce, EmailSendError } from '../../../lib/delivery';
import type { DeliverReportEmailOnceOptions } from '../../../lib/delivery/deliver-once';
import { conditionalDelivery, etagOf } from './conditional-bucket';
import { messageRejected } from './sdk-ses-answer';

// An operator's run emails December so far on 10 December; the scheduled run on 1 January reports the
// whole month. Conditional writes come from an in-memory bucket that honours them as S3 does.
const credentials = { accessKeyId: 'x', secretAccessKey: 'y' };
const s3 = new S3Client({ region: 'us-east-1', credentials });
const ses = new SESClient({ region: 'us-east-1', credentials, maxAttempts: 1 });
const sesMock = mockClient(ses);
const KEY = 'reports/acme/2026-12/delivery.json';
const NEW_YEAR = new Date('2027-01-01T05:00:00.000Z');

const SO_FAR_SENT = {
  state: 'sent',
  messageId: 'm-so-far',
  sentAt: '2026-12-10T12:00:00.000Z',
  recipients: 1,
  attachmentsIncluded: true,
  complete: false,
};

const WHOLE_MONTH_SENT = {
  ...SO_FAR_SENT,
  messageId: 'm-whole',
  sentAt: '2027-01-01T04:00:00.000Z',
  complete: true,
};

describe('deliverReportEmailOnce after an email of the period so far', () => {
  const setup = conditionalDelivery(s3, () => sesMock.reset());

  function deliver(complete: boolean, overrides: Partial<DeliverReportEmailOnceOptions> = {}) {
    return deliverReportEmailOnce({
      s3,
      ses,
      bucket: 'reports-bucket',
      account: 'acme',
      period: '2026-12',
      from: 'reports@acme.example',
      to: ['books@acme.example'],
      render: () => ({ subject: 'December', html: '<p>attached</p>', text: 'attached' }),
      complete,
      attachments: [
        { filename: 'payments.csv', path: join(setup.folder, 'payments.csv'), contentType: 'text/csv' },
      ],
      now: () => NEW_YEAR,
      ...overrides,
    });
  }

  function puts() {
    return setup.bucket.mock.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
  }

  it('sends the complete report once over it, claiming with If-Match, and records it complete', async () => {
    const soFarEtag = setup.bucket.put(KEY, SO_FAR_SENT);
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-whole' });

    expect(await deliver(true)).toEqual({ status: 'sent', messageId: 'm-whole', attachmentsIncluded: true });
    const [claim, sent] = puts();
    expect(claim?.IfMatch).toBe(soFarEtag);
    expect(claim?.IfNoneMatch).toBeUndefined();
    expect(sent?.IfMatch).toBe(etagOf(String(claim?.Body)));
    expect(setup.bucket.json(KEY)).toEqual({
      state: 'sent',
      messageId: 'm-whole',
      sentAt: '2027-01-01T05:00:00.000Z',
      recipients: 1,
      attachmentsIncluded: true,
      complete: true,
    });

    // The next complete run (the scheduler firing twice) finds the whole month sent.
    expect(await deliver(true)).toEqual({
      status: 'already-sent',
      messageId: 'm-whole',
      sentAt: '2027-01-01T05:00:00.000Z',
    });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
  });

  it('records an email of the period so far as not complete', async () => {
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-so-far' });
    const tenthOfDecember = new Date('2026-12-10T12:00:00.000Z');
    await deliver(false, { now: () => tenthOfDecember });
    expect(setup.bucket.json(KEY)).toEqual(SO_FAR_SENT);
  });

  it('answers already-sent to a second so-far run, and sends nothing', async () => {
    setup.bucket.put(KEY, SO_FAR_SENT);
    expect(await deliver(false)).toEqual({
      status: 'already-sent',
      messageId: 'm-so-far',
      sentAt: '2026-12-10T12:00:00.000Z',
      complete: false,
    });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(puts()).toHaveLength(0);
  });

  it.each([
    ['a complete run', true],
    ['a so-far run', false],
  ])('answers already-sent to %s once the whole period was sent', async (_, complete) => {
    setup.bucket.put(KEY, WHOLE_MONTH_SENT);
    expect(await deliver(complete)).toEqual({
      status: 'already-sent',
      messageId: 'm-whole',
      sentAt: '2027-01-01T04:00:00.000Z',
    });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
  });

  it('counts a sent record without complete (written before this field) as the whole period', async () => {
    const { complete: _, ...recordedBefore } = WHOLE_MONTH_SENT;
    setup.bucket.put(KEY, recordedBefore);
    expect(await deliver(true)).toEqual({
      status: 'already-sent',
      messageId: 'm-whole',
      sentAt: '2027-01-01T04:00:00.000Z',
    });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(setup.bucket.json(KEY)).toEqual(recordedBefore);
  });

  it('puts the so-far record back when SES refuses the complete email, so the period stays due', async () => {
    setup.bucket.put(KEY, SO_FAR_SENT);
    sesMock.on(SendRawEmailCommand).rejects(messageRejected());
    await expect(deliver(true)).rejects.toThrow(EmailSendError);
    const [claim, restore] = puts();
    expect(restore?.IfMatch).toBe(etagOf(String(claim?.Body)));
    expect(setup.bucket.json(KEY)).toEqual(SO_FAR_SENT);

    // The retry sends it.
    sesMock.reset();
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-retry' });
    expect(await deliver(true)).toMatchObject({ status: 'sent', messageId: 'm-retry' });
    expect(setup.bucket.json(KEY)).toMatchObject({ messageId: 'm-retry', complete: true });
  });

  it('sends once when another complete run claims over the same so-far record first and sends', async () => {
    const soFarEtag = setup.bucket.put(KEY, SO_FAR_SENT);
    let other: unknown;
    // Just before this run's claim reaches S3, another complete run claims over the so-far record and sends.
    setup.bucket.beforeNext('put', async () => {
      other = await deliver(true);
    });
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-other' });

    expect(await deliver(true)).toEqual({
      status: 'already-sent',
      messageId: 'm-other',
      sentAt: '2027-01-01T05:00:00.000Z',
    });
    expect(other).toEqual({ status: 'sent', messageId: 'm-other', attachmentsIncluded: true });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
    // Both claimed over the version they read; S3 took the first and refused the second (412).
    const claims = puts().filter((input) => JSON.parse(String(input.Body)).state === 'sending');
    expect(claims.map((input) => input.IfMatch)).toEqual([soFarEtag, soFarEtag]);
    expect(setup.bucket.json(KEY)).toMatchObject({ messageId: 'm-other', complete: true });
  });

  it('sends once when two complete runs start together over one so-far record', async () => {
    setup.bucket.put(KEY, SO_FAR_SENT);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // SES holds the first message until both runs have tried to claim.
    sesMock.on(SendRawEmailCommand).callsFake(async () => {
      await held;
      return { MessageId: 'm-one' };
    });
    const runs = [deliver(true), deliver(true)];
    const loser = await Promise.race(
      runs.map((run) =>
        run.then(
          () => 'settled',
          () => 'settled',
        ),
      ),
    );
    expect(loser).toBe('settled');
    release();
    const outcomes = await Promise.allSettled(runs);

    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
    const sent = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const stopped = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(sent.map((outcome) => outcome.value)).toEqual([
      { status: 'sent', messageId: 'm-one', attachmentsIncluded: true },
    ]);
    // The other run found the winner's claim, still sending.
    expect(stopped.map((outcome) => outcome.reason)).toEqual([expect.any(DeliveryInProgressError)]);
    expect(setup.bucket.json(KEY)).toMatchObject({ messageId: 'm-one', complete: true });
  });
});
