import type { DeploymentConfig } from '../config';
import { errorAttributes, type StructuredLogger } from '../logger';
import { assertBuildablePeriodKind } from './buildable-period-kind';
import type { DeliveryContext } from './context';
import { deliverMonthlyReport, type MonthlyReportResult } from './deliver-monthly-report';
import { atMilestones, PROGRESS_LOG_EVERY } from './progress-milestones';
import { resolveReportMonth } from './report-month';
import { accountNamed, parseScheduledEvent } from './scheduled-event';

/** What one scheduled run needs; the Lambda entry keeps it for the life of the process. */
export interface ScheduledReportRunOptions {
  /** The accounts of the deployment. */
  config: Pick<DeploymentConfig, 'accounts'>;
  context: DeliveryContext;
  logger: StructuredLogger;
  /** Records fetched between two progress lines. @default PROGRESS_LOG_EVERY (5000) */
  progressEvery?: number;
}

/**
 * One run of the scheduled function: reads the event (`{ account, month?, force? }`), resolves the month
 * (by default the previous one in the account's time zone), then builds, saves and emails the report
 * once (see `deliverMonthlyReport`).
 *
 * Logs JSON lines through `logger`: the start (account, month, force), progress every few thousand
 * records, and the outcome (status, SES message id, headline figures); on failure an error line with the
 * error's name and message, and the error is thrown again so that Lambda retries the run and, after its
 * retries, hands the event to the dead-letter queue. No line holds a secret.
 * @throws ScheduledEventError, UnknownAccountError, ReportRequestError (a future month), and whatever
 * building, saving or sending threw
 */
export async function runScheduledReport(
  event: unknown,
  options: ScheduledReportRunOptions,
): Promise<MonthlyReportResult> {
  const { context, logger } = options;
  // Filled in as they become known, so the error line says as much as the run knew.
  const known: { account?: string; month?: string; force?: boolean } = {};
  try {
    const request = parseScheduledEvent(event);
    known.account = request.account;
    assertBuildablePeriodKind(request);
    if (request.month !== undefined) known.month = request.month;
    const account = accountNamed(options.config, request.account);
    const firedAt = request.scheduledTime ? new Date(request.scheduledTime) : (context.now?.() ?? new Date());
    const month = resolveReportMonth(account, request.month, firedAt);
    const force = request.force ?? false;
    known.month = month;
    known.force = force;
    logger.info('Monthly report run started', { account: account.name, month, force });

    const result = await deliverMonthlyReport(context, account, {
      month,
      force,
      onProgress: atMilestones(options.progressEvery ?? PROGRESS_LOG_EVERY, (progress) =>
        logger.info('Fetching records from the invoicing service', {
          account: account.name,
          month,
          ...progress,
        }),
      ),
    });

    if (result.status === 'sent') {
      logger.info('Monthly report emailed', {
        account: account.name,
        month,
        status: result.status,
        messageId: result.messageId,
        attachmentsIncluded: result.attachmentsIncluded,
        figures: result.figures,
      });
    } else {
      logger.info('Monthly report was already emailed; nothing sent', {
        account: account.name,
        month,
        status: result.status,
        messageId: result.messageId,
        sentAt: result.sentAt,
      });
    }
    return result;
  } catch (error) {
    logger.error('Monthly report run failed', { ...known, ...errorAttributes(error) });
    throw error;
  }
}
