import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** Private, encrypted, TLS only, ACLs off. */
const PRIVATE_BUCKET = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  minimumTLSVersion: 1.2,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  // Reports are the merchant's records: `cdk destroy` leaves them (and their access logs) in place.
  removalPolicy: RemovalPolicy.RETAIN,
} as const;

/**
 * The reports bucket, expiring reports after `retentionDays`, and its access logs' bucket. SSE-S3 rather
 * than KMS: presigned links need no key grant, and there is no per-request KMS charge.
 */
export class ReportsBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: { retentionDays: number }) {
    super(scope, id);

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...PRIVATE_BUCKET,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(90) }],
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        "This bucket is the target of the reports bucket's server access logs; logging it too would need yet another bucket.",
    });

    this.bucket = new Bucket(this, 'Reports', {
      ...PRIVATE_BUCKET,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'reports-bucket/',
      lifecycleRules: [
        {
          id: 'expire-reports',
          expiration: Duration.days(props.retentionDays),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
  }
}
