import { describe, expect, it } from 'vitest';
import { alreadySentUnlessForced, CorruptObjectError, DeliveryInProgressError } from '../../../lib/delivery';
import { SENT_RECORD } from './report-fixture';

const WHOLE = { account: 'acme', period: '2026-10', complete: true };
const SO_FAR = { ...WHOLE, complete: false };

describe('alreadySentUnlessForced without force', () => {
  it('lets a run go on when nobody has claimed the period', () => {
    expect(alreadySentUnlessForced({ state: 'none' }, WHOLE)).toBeNull();
  });

  it('reports a sent period as already sent, with its message id and time', () => {
    expect(alreadySentUnlessForced({ state: 'sent', record: SENT_RECORD, etag: '"e1"' }, WHOLE)).toEqual({
      status: 'already-sent',
      messageId: '0100019a-sent-message',
      sentAt: '2026-11-01T05:00:00.000Z',
    });
  });

  describe('after an email of the period so far', () => {
    const soFar = { ...SENT_RECORD, complete: false } as const;

    it('lets a run whose report is complete go on: the period has ended and its own email is due', () => {
      expect(alreadySentUnlessForced({ state: 'sent', record: soFar, etag: '"e1"' }, WHOLE)).toBeNull();
    });

    it('settles a run whose report is so far too, and says the email sent was so far', () => {
      expect(alreadySentUnlessForced({ state: 'sent', record: soFar, etag: '"e1"' }, SO_FAR)).toEqual({
        status: 'already-sent',
        messageId: '0100019a-sent-message',
        sentAt: '2026-11-01T05:00:00.000Z',
        complete: false,
      });
    });
  });

  it.each([
    ['without complete (written before so-far emails were told apart)', SENT_RECORD],
    ['with complete: true', { ...SENT_RECORD, complete: true }],
  ])('counts a sent record %s as the whole period, for any run', (_, record) => {
    const expected = {
      status: 'already-sent',
      messageId: '0100019a-sent-message',
      sentAt: '2026-11-01T05:00:00.000Z',
    };
    const status = { state: 'sent', record, etag: '"e1"' } as const;
    expect(alreadySentUnlessForced(status, WHOLE)).toEqual(expected);
    expect(alreadySentUnlessForced(status, SO_FAR)).toEqual(expected);
  });

  it.each([
    [
      false,
      ['another delivery of the email for acme 2026-10 is in progress (claimed at 2026-11-01T05:50:00.000Z)'],
    ],
    [
      true,
      [
        'delivery unconfirmed: the email for acme 2026-10 was claimed at 2026-11-01T05:50:00.000Z and never marked sent',
        "Nothing was sent by this run; check SES's sending statistics and ask the recipients, then mark the " +
          'period sent or resend it with force (docs/operations.md, "When the delivery alarm fires")',
      ],
    ],
  ])('stops a run at a claim (stale: %s) and says what to do', (stale, messages) => {
    const claim = { state: 'sending', claimedAt: '2026-11-01T05:50:00.000Z', claimId: 'run-1' } as const;
    const settle = () =>
      alreadySentUnlessForced({ state: 'sending', record: claim, stale, etag: '"e1"' }, WHOLE);
    expect(settle).toThrow(DeliveryInProgressError);
    for (const message of messages) expect(settle).toThrow(message);
  });

  it('stops a run at an unreadable record with the error that says what is wrong', () => {
    const error = new CorruptObjectError('reports/acme/2026-10/delivery.json', 'not JSON');
    expect(() => alreadySentUnlessForced({ state: 'unreadable', error, etag: '"e1"' }, WHOLE)).toThrow(error);
  });
});
