/**
 * Bounds on the fields whose size the spec leaves open (`docs/limits.md` says why each is what it is).
 * Beyond its bound a record is refused as a protocol error naming the field, so the account's report
 * fails clearly instead of building for minutes or outgrowing the function's memory. Within it, code
 * downstream keeps text whole in the CSV files and the workbook and shortens it where a person reads it
 * (the page, the email, the summary).
 */
export const FIELD_BOUNDS = {
  /** `currencyFiat` and the keys of `invoicesByCurrencies`: ISO 4217 codes are three letters. */
  currencyCode: 16,
  /** A wallet's `cryptocurrency` (`BTC`, `USDT`) and `blockchain` (`bitcoin`, `tron`). */
  walletToken: 64,
  /** A wallet's `address`: the longest in use are about a hundred characters. */
  address: 512,
  /** A payment's `hash` (an on-chain transaction id: 64 hex digits on most chains, 88 base58 on some). */
  hash: 256,
  /** An invoice's `uid`, the identifier its customer sees. */
  uid: 256,
  /**
   * Free text a merchant wrote (`description`, `serviceData`): what one workbook cell holds (Excel's
   * limit), so that the workbook keeps every character.
   */
  text: 32_767,
  /** A wallet's `name`, a label: the page lists every wallet of the period with it. */
  walletName: 1_000,
  /** Digits of an amount written out in full (`0.00000095` has nine); wei amounts need about forty. */
  amountDigits: 64,
  /**
   * Characters of an amount as sent (sign, digits, point, exponent, surrounding spaces), read before
   * anything else looks at it so that no work depends on a longer one.
   */
  amountText: 96,
  /** Keys of the statistics' objects other than currency codes: project UUIDs, months, dates. */
  statisticsKey: 64,
} as const;

/** The message of a field refused for its length: `expected at most 16 characters`. */
export const tooLong = (maximum: number): string =>
  `expected at most ${maximum.toLocaleString('en-US')} characters`;
