import { describe, expect, it } from 'vitest';
import { AmountText, renderToHtml, VariantContext } from '../../../../lib/render/page-kit';
import type { Variant } from '../../../../lib/render/page-kit/looks';

const html = (variant: Variant, text: string, keepWhole = false) =>
  renderToHtml(
    <VariantContext.Provider value={variant}>
      <p>
        <AmountText text={text} keepWhole={keepWhole} />
      </p>
    </VariantContext.Provider>,
  );

describe('AmountText on the page', () => {
  it('leaves a short amount as it is: its cell keeps it on one line', () => {
    expect(html('page', '27,832.028778 TRX')).toBe('<p>27,832.028778 TRX</p>');
  });

  it('lets an amount of 22 characters or more wrap after each group separator and before its code', () => {
    expect(html('page', '1,234,567,890,123.45 EUR')).toBe(
      '<p><span class="wrap long-word">1,<wbr/>234,<wbr/>567,<wbr/>890,<wbr/>123.45 EUR</span></p>',
    );
  });
});

describe('AmountText in the email', () => {
  it('keeps a short amount beside names on one line', () => {
    expect(html('email', '27,832.028778 TRX', true)).toBe(
      '<p><span style="white-space:nowrap">27,832.028778 TRX</span></p>',
    );
  });

  it('lets a short amount beside codes and counts wrap after its group separators and before its code', () => {
    expect(html('email', '40,524.00 USD')).toBe('<p>40,<wbr/>524.00 USD</p>');
  });

  it('lets a long amount wrap even beside names, and anywhere as a last resort', () => {
    expect(html('email', '123,456,789.123456789012345678 ETH', true)).toBe(
      '<p><span style="white-space:normal;overflow-wrap:anywhere">123,<wbr/>456,<wbr/>789.123456789012345678 ETH</span></p>',
    );
  });

  it('keeps the no-break space of a signed amount, which holds its code to its last group', () => {
    expect(html('email', '-1,234.50\u00a0USD')).toBe('<p>-1,<wbr/>234.50\u00a0USD</p>');
  });

  it('shows a figure without a code as it is', () => {
    expect(html('email', '1,234')).toBe('<p>1,234</p>');
  });
});
