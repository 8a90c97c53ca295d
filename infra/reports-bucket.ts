import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** How long the reports bucket's access logs are kept. */
export const ACCESS_LOG_RETENTION_DAYS = 90;

export interface ReportsBucketProps {
  /** Reports are deleted this many days after they were written. */
  retentionDays: number;
}

/** Protections every bucket here has: private, encrypted, TLS only, ACLs off. */
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
 * The reports bucket, its access logs in a second bucket, and lifecycle rules that expire reports
 * after the configured retention. SSE-S3 rather than KMS: presigned links then need no key grant, and
 * there is no per-request KMS charge.
 */
export class ReportsBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: ReportsBucketProps) {
    super(scope, id);

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      ...PRIVATE_BUCKET,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(ACCESS_LOG_RETENTION_DAYS) }],
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
