import type { Invoice, InvoiceItem, PaymentItem, Wallet } from '../../../../lib/invoicing/schemas';
import type { RowTable, RowTableBuilder } from '../../../../lib/report/rows';

/** A UUID whose last group is `n`: readable in failures, and sorts like `n`. */
export const uuid = (prefix: string, n: number): string =>
  `${prefix.padEnd(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PROJECT_A = uuid('aaaa', 1);
export const PROJECT_B = uuid('bbbb', 2);

export const BTC_WALLET: Wallet = {
  id: uuid('3a11e7', 1),
  name: 'Bitcoin main',
  blockchain: 'bitcoin',
  cryptocurrency: 'BTC',
  address: 'bc1qexample',
};

export const USDT_WALLET: Wallet = {
  id: uuid('3a11e7', 2),
  name: 'Alpha USDT',
  blockchain: 'tron',
  cryptocurrency: 'USDT',
  address: 'TExample',
};

let sequence = 0;

/** The service datetime one hour after another. */
const anHourAfter = (datetime: string) =>
  new Date(Date.parse(`${datetime.replace(' ', 'T')}Z`) + 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

/**
 * An invoice; paid ones get a `payment` and a `wallet` block. Defaults: project A, 10 USD paid in USD,
 * commission 0.1, paying by one hour after creation.
 */
export function invoice(createDatetime: string, overrides: Partial<InvoiceItem> = {}): InvoiceItem {
  sequence += 1;
  const id = overrides.id ?? uuid('1a', sequence);
  const base: Invoice = {
    id,
    uid: `INV-${sequence}`,
    projectId: PROJECT_A,
    createDatetime,
    timeToPayDatetime: anHourAfter(createDatetime),
    commissionFiatUSD: '0.1',
    amountFiatUSD: '10',
    amountFiat: '10',
    currencyFiat: 'USD',
    description: null,
    serviceData: null,
    views: 1,
    status: 'paid',
  };
  if ((overrides.status ?? base.status) !== 'paid') {
    return { ...base, payment: undefined, wallet: undefined, ...overrides };
  }
  return {
    ...base,
    payment: {
      id: uuid('9a', sequence),
      amount: '0.0001',
      hash: `hash-${sequence}`,
      transactionDatetime: createDatetime,
    },
    wallet: BTC_WALLET,
    ...overrides,
  };
}

/** The invoice fields of an invoice item, as a payment's `invoice` block carries them. */
export function invoiceBlock(item: InvoiceItem): Invoice {
  const { payment: _payment, wallet: _wallet, ...rest } = item;
  return rest;
}

/** A payment to the BTC wallet, unmatched unless `invoice` is given. */
export function payment(transactionDatetime: string, overrides: Partial<PaymentItem> = {}): PaymentItem {
  sequence += 1;
  return {
    id: uuid('9b', sequence),
    amount: '0.001',
    hash: `tx-${sequence}`,
    transactionDatetime,
    invoice: undefined,
    wallet: BTC_WALLET,
    ...overrides,
  };
}

/** A rows builder that keeps what it is given, so a test can see which records went into a file. */
export class RecordingRowsBuilder<T> implements RowTableBuilder<T> {
  readonly records: T[] = [];
  built = false;
  disposed = false;

  add(record: T): void {
    this.records.push(record);
  }

  build(): RowTable {
    this.built = true;
    return {
      columns: [],
      rowCount: this.records.length,
      rows: async function* () {},
      dispose: async () => {
        this.disposed = true;
      },
    };
  }

  async written(): Promise<void> {}

  backlog(): undefined {
    return undefined;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }
}

export const rowBuilders = () => ({
  paidInvoices: new RecordingRowsBuilder<InvoiceItem>(),
  payments: new RecordingRowsBuilder<PaymentItem>(),
});

const AMOUNT_KEYS = new Set(['commissionFiatUSD', 'amountFiatUSD', 'amountFiat', 'amount']);

/** A record as the service writes it: amounts as JSON numbers (so `1e-8` on the wire), no `undefined`. */
export function asServiceJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asServiceJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => [key, AMOUNT_KEYS.has(key) ? Number(member) : asServiceJson(member)]),
  );
}
