import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * The dead-letter queue of the scheduled runs: the fan-out puts here an account whose run still failed
 * after its retries (`{ account, periodKind, scheduledTime, failure }`), the scheduler a slot it could not
 * start, and Lambda an operator's asynchronous run that failed after its retries.
 */
export class FailureQueue extends Construct {
  readonly queue: Queue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        'This queue is itself the dead-letter queue of the scheduled runs; nothing consumes it but an operator, so a further dead-letter queue would never receive anything.',
    });
  }
}
