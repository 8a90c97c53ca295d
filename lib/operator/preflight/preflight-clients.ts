import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { STSClient } from '@aws-sdk/client-sts';

/** The AWS clients preflight asks, each with the operator's credentials (the SDK's default chain). */
export interface PreflightClients {
  sts: STSClient;
  /** In the configuration's `sesRegion`, else the operator's region. */
  ses: SESv2Client;
  secrets: SecretsManagerClient;
  lambda: LambdaClient;
  cloudFormation: CloudFormationClient;
}

/**
 * Clients in the operator's region (AWS_REGION, or the profile's), SES in `sesRegion` when the
 * configuration names one; each request is retried as the SDK does by default.
 */
export function preflightClients(sesRegion?: string): PreflightClients {
  return {
    sts: new STSClient({}),
    ses: new SESv2Client(sesRegion ? { region: sesRegion } : {}),
    secrets: new SecretsManagerClient({}),
    lambda: new LambdaClient({}),
    cloudFormation: new CloudFormationClient({}),
  };
}

/** Closes the clients' connections, so that the command's process can end. */
export function destroyPreflightClients(clients: PreflightClients): void {
  for (const client of Object.values(clients)) client.destroy();
}
