/**
 * Texts merchants type into invoices. The awkward ones are what breaks CSV files, spreadsheets and HTML:
 * every month's first paid invoices carry each of them once, so any month of a report meets them all.
 */

/** Descriptions that test quoting, formula neutralising, escaping and Unicode. `null` is "no description". */
export const AWKWARD_DESCRIPTIONS: readonly (string | null)[] = [
  'Order #1042, 2 items, gift wrap',
  'The "Deluxe" plan, billed "yearly"',
  'Line one\nLine two\r\nLine three',
  'Coffee ☕ and cake 🍰 for the 👩‍💻 team',
  '=HYPERLINK("https://example.com/pay","Pay now")',
  '+1 555 0100 callback',
  '-20% spring discount',
  '@SUM(A1:A9)',
  '\tindented with a tab',
  '<script>alert("invoice")</script>',
  'Crème brûlée — 12 × €4,50; “smart quotes”',
  null,
  '',
  `Long description: ${'lorem ipsum dolor sit amet, '.repeat(20).trim()}`,
];

export const ORDINARY_DESCRIPTIONS: readonly string[] = [
  'Monthly subscription',
  'Annual subscription',
  'Pro plan upgrade',
  'Hosting, 3 months',
  'Consulting hours',
  'Domain renewal',
  'Gift card',
  'Conference ticket',
  'Hardware wallet',
  'Support package',
  'Premium membership',
  'Custom order',
];

/** `serviceData` values that are not plain order numbers. */
export const AWKWARD_SERVICE_DATA: readonly (string | null)[] = [
  '{"cart":"A-17","items":3,"note":"a, b"}',
  '=1+1',
  '-1',
  null,
  'user@example.com',
];
