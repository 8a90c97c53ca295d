import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The CDK context key the deployment configuration lives under in `cdk.json`. */
export const CONFIG_CONTEXT_KEY = 'invoiceReports';

/** `cdk.json`'s `context.invoiceReports` in `dir`, as the CDK app reads it; undefined without one. */
export function cdkJsonConfig(dir: string): unknown {
  try {
    const cdkJson = JSON.parse(readFileSync(join(dir, 'cdk.json'), 'utf8')) as {
      context?: Record<string, unknown>;
    };
    return cdkJson.context?.[CONFIG_CONTEXT_KEY];
  } catch {
    return undefined;
  }
}

/** The CloudFormation stack's name, which `cdk deploy` creates and the operator commands look for. */
export const STACK_NAME = 'InvoiceReports';
