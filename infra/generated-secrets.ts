import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { DeploymentConfig } from '../lib/config';

/** Letters and digits only, so that a value pastes into a shell or header: about 381 bits, above the 32 bytes needed. */
const GENERATED_SECRET_LENGTH = 64;

/**
 * The secrets the deployment owns, generated under the configured names, so that an operator creates only
 * the merchants' API-key secrets. Each is retained with the stack: a new value would end every account
 * token and emailed link made with the old one.
 */
export class GeneratedSecrets extends Construct {
  constructor(scope: Construct, id: string, props: DeploymentConfig) {
    super(scope, id);
    const secrets = {
      ReportApiToken: [
        props.reportApiTokenSecretName,
        "The report API's operator token (reads every account)",
      ],
      AccountTokenKey: [
        props.accountTokenKeySecretName,
        "The key each account's report API token is derived from",
      ],
      LinkSigningKey: [props.linkSigningKeySecretName, 'The key that signs the report links in emails'],
    };
    for (const [secretId, [secretName, description]] of Object.entries(secrets)) {
      const secret = new Secret(this, secretId, {
        secretName,
        description: `invoice reports: ${description}`,
        generateSecretString: {
          passwordLength: GENERATED_SECRET_LENGTH,
          excludePunctuation: true,
          includeSpace: false,
        },
        removalPolicy: RemovalPolicy.RETAIN,
      });
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating this key ends every token or emailed link made with it, so it is rotated by an operator on purpose (docs/deploy.md, "Rotating the generated secrets"), not on a schedule.',
      });
    }
  }
}
