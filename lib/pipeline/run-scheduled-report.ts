import { max } from 'date-fns';
import type { DeploymentConfig } from '../config';
import { DeliveryInProgressError, DeliveryUnconfirmedError } from '../delivery';
import { resolveReportPeriod } from '../period';
import { type DeliveryContext, deliverReport, type ReportDeliveryResult } from './deliver-report';
import { atMilestones, errorAttributes, PROGRESS_LOG_EVERY, type StructuredLogger } from './logger';
import {
  accountNamed,
  checkScheduledTime,
  parseScheduledEvent,
  ScheduledEventError,
} from './scheduled-event';

/** What one scheduled run needs; the Lambda entry keeps it for the life of the process. */
export interface ScheduledReportRunOptions {
  config: Pick<DeploymentConfig, 'accounts'>;
  context: DeliveryContext;
  logger: StructuredLogger;
  /** Records fetched between two progress lines. @default PROGRESS_LOG_EVERY (5000) */
  progressEvery?: number;
  /** The invocation's request id, which Lambda keeps when it retries (see `alreadySentUnlessForced`). */
  runId?: string;
}

/**
 * One run of the scheduled function: reads the event, resolves the period, builds, saves and emails the
 * report once, logging a line at each step so that the last line of a run cut off says how far it got. A
 * failure is logged and thrown again, so Lambda retries the run, then hands it to the dead-letter queue.
 * @throws ScheduledEventError, UnknownAccountError, ReportRequestError (a future period), and whatever
 * building, saving or sending threw
 */
export async function runScheduledReport(
  event: unknown,
  options: ScheduledReportRunOptions,
): Promise<ReportDeliveryResult> {
  const { context, logger } = options;
  // Filled in as they become known, so the error line says as much as the run knew.
  const known: { account?: string; period?: string; force?: boolean } = {};
  try {
    const request = parseScheduledEvent(event);
    known.account = request.account;
    const asked = request.period ?? request.month;
    if (asked !== undefined) known.period = asked;
    const account = accountNamed(options.config, request.account);
    const now = context.now?.() ?? new Date();
    checkScheduledTime(request.scheduledTime, now, ScheduledEventError);
    const firedAt = request.scheduledTime ? new Date(request.scheduledTime) : now;
    const period = resolveReportPeriod(account, asked, firedAt, request.periodKind);
    // A schedule's clock may be up to a minute ahead of this one (`checkScheduledTime`). A run it fired at
    // the very end of a period reports as of when it fired: by this clock the period would not have ended,
    // and it would be built and emailed "so far", with no later scheduled run to email it whole.
    const runContext: DeliveryContext =
      firedAt > now ? { ...context, now: () => max([context.now?.() ?? new Date(), firedAt]) } : context;
    const force = request.force ?? false;
    known.period = period;
    known.force = force;
    const where = { account: account.name, period };
    logger.info('Report run started', { ...where, force });

    const result = await deliverReport(runContext, account, {
      period,
      force,
      runId: options.runId,
      // A run without a schedule's time is an operator's.
      trigger: request.scheduledTime ? 'schedule' : 'operator',
      onProgress: atMilestones(options.progressEvery ?? PROGRESS_LOG_EVERY, (progress) =>
        logger.info('Fetching records from the invoicing service', { ...where, ...progress }),
      ),
      onSaved: (saved) => logger.info('Report saved', { ...where, ...saved }),
      onSending: (sending) => logger.info('Sending the report email', { ...where, ...sending }),
    });

    context.metrics?.email(result.status === 'sent' ? 'sent' : 'alreadySent');
    const { status, messageId } = result;
    const told = { ...where, status, messageId };
    if (result.status === 'sent') {
      const { attachmentsIncluded, figures } = result;
      logger.info('Report emailed', { ...told, attachmentsIncluded, figures });
    } else if (result.complete === false) {
      const message = 'The period so far was already emailed; nothing sent until the period has ended';
      logger.info(message, { ...told, sentAt: result.sentAt, complete: false });
    } else {
      logger.info('Report was already emailed; nothing sent', { ...told, sentAt: result.sentAt });
    }
    return result;
  } catch (error) {
    if (isUnconfirmed(error)) context.metrics?.email('unconfirmed');
    logger.error('Report run failed', { ...known, ...errorAttributes(error) });
    throw error;
  }
}

/** Whether a run's error says its period's email may have gone out unconfirmed (`DELIVERY_UNCONFIRMED`). */
function isUnconfirmed(error: unknown): boolean {
  return (
    error instanceof DeliveryUnconfirmedError || (error instanceof DeliveryInProgressError && error.stale)
  );
}
