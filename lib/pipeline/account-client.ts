import type { AccountConfig } from '../config';
import type { InvoicingClient } from '../invoicing';
import { createInvoicingClient } from '../invoicing';
import type { PublishContext } from './context';

/** An invoicing client for the account, its API key read from the secret store at this moment. */
export async function invoicingClientFor(
  account: AccountConfig,
  context: Pick<PublishContext, 'secrets' | 'client'>,
): Promise<InvoicingClient> {
  const apiKey = await context.secrets.getSecret(account.apiKeySecretName);
  return createInvoicingClient({ ...context.client, baseUrl: account.apiUrl, apiKey });
}
