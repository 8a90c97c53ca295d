import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** The names of the secrets the stack generates, as the deployment configuration gives them. */
export interface GeneratedSecretsProps {
  reportApiTokenSecretName: string;
  accountTokenKeySecretName: string;
  linkSigningKeySecretName: string;
}

/**
 * Characters of each generated value: letters and digits only, so that a value pastes into a shell or an
 * `Authorization` header as it is. 64 of 62 symbols are about 381 bits, far above the 32 bytes the keys
 * need (`SigningKeyError`, the account token key's check).
 */
export const GENERATED_SECRET_LENGTH = 64;

/**
 * The secrets the deployment owns, made by the stack with generated values under the names the
 * configuration gives (the functions read them by those names, as before): the report API's operator
 * token, the key account tokens are derived from, and the key that signs emailed links. An operator then
 * creates only the merchants' API-key secrets.
 *
 * Each is retained when the stack is deleted: a new value would end every account token and emailed link
 * made with the old one. Rotating one is putting a new random value (`put-secret-value`, as the deploy
 * docs show); the functions read it within their five-minute cache.
 */
export class GeneratedSecrets extends Construct {
  readonly reportApiToken: Secret;
  readonly accountTokenKey: Secret;
  readonly linkSigningKey: Secret;

  constructor(scope: Construct, id: string, props: GeneratedSecretsProps) {
    super(scope, id);
    this.reportApiToken = this.generated(
      'ReportApiToken',
      props.reportApiTokenSecretName,
      "The report API's operator token (reads every account)",
    );
    this.accountTokenKey = this.generated(
      'AccountTokenKey',
      props.accountTokenKeySecretName,
      "The key each account's report API token is derived from",
    );
    this.linkSigningKey = this.generated(
      'LinkSigningKey',
      props.linkSigningKeySecretName,
      'The key that signs the report links in emails',
    );
  }

  private generated(id: string, secretName: string, description: string): Secret {
    const secret = new Secret(this, id, {
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
    return secret;
  }
}
