import { describe, expect, it } from 'vitest';
import { createSandboxApp, type SandboxDataset } from '../../../lib/sandbox';
import { datasetInvoice as invoice, datasetPayment as paymentOf } from './sandbox-fixtures';

const a = invoice('1', { amountFiatUSD: 0.1, amountFiat: 0.1, commissionFiatUSD: 0 });
const b = invoice('2', {
  createDatetime: '2026-10-01 12:00:00',
  amountFiatUSD: 0.2,
  amountFiat: 0.18,
  currencyFiat: 'EUR',
});
const p2 = paymentOf('2', '2026-10-20 08:00:00', 0.00000095);

describe('a bad dataset', () => {
  it('is refused with the member at fault named', () => {
    const broken = { invoices: [a, { ...b, createDatetime: '2026-10-01T12:00:00Z' }], payments: [] };
    expect(() => createSandboxApp({ dataset: broken })).toThrow(
      'dataset.invoices[1].createDatetime: expected a datetime "Y-m-d H:i:s"',
    );
  });

  it('is refused when a payment has no wallet', () => {
    const { wallet: _wallet, ...withoutWallet } = p2;
    expect(() => createSandboxApp({ dataset: { invoices: [], payments: [withoutWallet] } })).toThrow(
      /^dataset\.payments\[0\]\.wallet: /,
    );
  });

  it('is refused when it is not two lists', () => {
    expect(() => createSandboxApp({ dataset: { invoices: [] } as unknown as SandboxDataset })).toThrow(
      'dataset: expected { invoices: [...], payments: [...] }',
    );
  });
});

describe('an extra paid invoice planted in the statistics', () => {
  it('needs a project when the dataset has no invoice to take one from', () => {
    expect(() =>
      createSandboxApp({
        dataset: { invoices: [], payments: [] },
        statsExtraPaid: [{ amountUSD: '10.00', createDatetime: '2026-10-20 15:00:00' }],
      }),
    ).toThrow('sandbox: statsExtraPaid[0].projectId is needed: the dataset has no invoices');
  });
});
