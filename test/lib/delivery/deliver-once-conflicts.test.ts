import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeliverReportEmailOnceOptions,
  DeliveryInProgressError,
  DeliveryRecordError,
  deliverReportEmailOnce,
} from '../../../lib/delivery';
import { writeReportFolder } from './report-fixture';

// s3rver ignores If-None-Match, so the answers of real S3 to a lost race (412) come from a client mock.
const credentials = { accessKeyId: 'x', secretAccessKey: 'y' };
const s3 = new S3Client({ region: 'us-east-1', credentials });
const ses = new SESClient({ region: 'us-east-1', credentials });
const s3Mock = mockClient(s3);
const sesMock = mockClient(ses);
const KEY = 'reports/acme/2026-10/delivery.json';
const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0));

function noSuchKey() {
  return new NoSuchKey({ message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } });
}

function preconditionFailed() {
  return new S3ServiceException({
    name: 'PreconditionFailed',
    message: 'At least one of the pre-conditions you specified did not hold',
    $fault: 'client',
    $metadata: { httpStatusCode: 412 },
  });
}

/** A GetObject answer whose body is `record` as JSON. */
function objectBody(record: unknown) {
  return { Body: { transformToString: async () => JSON.stringify(record) } as never };
}

describe('deliverReportEmailOnce against a conditional-write conflict', () => {
  let folder: string;

  beforeAll(async () => {
    folder = await writeReportFolder();
  });

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  afterEach(() => {
    s3Mock.reset();
    sesMock.reset();
  });

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
      attachments: [
        { filename: 'payments.csv', path: join(folder, 'payments.csv'), contentType: 'text/csv' },
      ],
      now: () => NOW,
      ...overrides,
    });
  }

  it('claims with If-None-Match so only one run can win', async () => {
    s3Mock.on(GetObjectCommand).rejects(noSuchKey());
    s3Mock.on(PutObjectCommand).resolves({});
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-1' });
    await deliver();
    const puts = s3Mock.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(puts[0]?.Key).toBe(KEY);
    expect(puts[0]?.IfNoneMatch).toBe('*');
    expect(JSON.parse(String(puts[0]?.Body))).toMatchObject({
      state: 'sending',
      claimedAt: '2026-11-01T06:00:00.000Z',
    });
    expect(JSON.parse(String(puts[1]?.Body))).toEqual({
      state: 'sent',
      messageId: 'm-1',
      sentAt: '2026-11-01T06:00:00.000Z',
      recipients: 1,
      attachmentsIncluded: true,
    });
  });

  it('returns already-sent without sending when the other run has finished', async () => {
    s3Mock
      .on(GetObjectCommand)
      .rejectsOnce(noSuchKey())
      .resolvesOnce(
        objectBody({
          state: 'sent',
          messageId: 'm-other',
          sentAt: '2026-11-01T05:59:59.000Z',
          recipients: 1,
          attachmentsIncluded: true,
        }),
      );
    s3Mock.on(PutObjectCommand).rejects(preconditionFailed());
    expect(await deliver()).toEqual({
      status: 'already-sent',
      messageId: 'm-other',
      sentAt: '2026-11-01T05:59:59.000Z',
    });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(s3Mock.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('sends nothing and says so while the other run is still sending', async () => {
    s3Mock
      .on(GetObjectCommand)
      .rejectsOnce(noSuchKey())
      .resolvesOnce(
        objectBody({ state: 'sending', claimedAt: '2026-11-01T05:59:59.000Z', claimId: 'other' }),
      );
    s3Mock.on(PutObjectCommand).rejects(preconditionFailed());
    const error = await deliver().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryInProgressError);
    expect((error as Error).message).toContain('nothing was sent by this run');
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    expect(s3Mock.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('claims again when the other run released the period in between', async () => {
    s3Mock.on(GetObjectCommand).rejects(noSuchKey());
    s3Mock.on(PutObjectCommand).rejectsOnce(preconditionFailed()).resolves({});
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-2' });
    expect(await deliver()).toEqual({ status: 'sent', messageId: 'm-2', attachmentsIncluded: true });
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
  });

  it('overwrites the claim without a condition when forced', async () => {
    s3Mock.on(GetObjectCommand).resolves(
      objectBody({
        state: 'sent',
        messageId: 'm-old',
        sentAt: '2026-11-01T05:00:00.000Z',
        recipients: 1,
        attachmentsIncluded: true,
      }),
    );
    s3Mock.on(PutObjectCommand).resolves({});
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-new' });
    expect(await deliver({ force: true })).toEqual({
      status: 'sent',
      messageId: 'm-new',
      attachmentsIncluded: true,
    });
    const claim = s3Mock.commandCalls(PutObjectCommand)[0]?.args[0].input;
    expect(claim?.IfNoneMatch).toBeUndefined();
  });

  it('keeps the claim and names the message id when SES accepted but the record could not be written', async () => {
    s3Mock.on(GetObjectCommand).rejects(noSuchKey());
    s3Mock
      .on(PutObjectCommand)
      .resolvesOnce({})
      .rejects(
        new S3ServiceException({
          name: 'InternalError',
          message: 'oops',
          $fault: 'server',
          $metadata: { httpStatusCode: 500 },
        }),
      );
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-3' });
    const error = await deliver().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryRecordError);
    expect((error as Error).message).toContain('message id m-3');
    expect(s3Mock.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });
});
