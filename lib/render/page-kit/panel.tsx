import type { Child } from 'hono/jsx';
import { look, type Variant } from './looks';

interface PanelProps {
  variant: Variant;
  heading: string;
  /** A long list: allowed to break across printed pages. */
  long?: boolean;
  children?: Child;
}

/** A panel's padding in the email: a little less than on the page leaves a phone's width for the tables. */
export const EMAIL_PANEL_PADDING = 'padding:14px 10px';

/** A titled box around one part of the report; kept on one printed page unless it is long. */
export function Panel({ variant, heading, long = false, children }: PanelProps) {
  const box =
    variant === 'page'
      ? { class: long ? 'panel long' : 'panel' }
      : look(variant, 'panel', EMAIL_PANEL_PADDING);
  return (
    <div {...box}>
      <h2 {...look(variant, 'heading')}>{heading}</h2>
      {children}
    </div>
  );
}

/** A short explanatory line under a table. */
export function Note({ variant, children }: { variant: Variant; children?: Child }) {
  return <p {...look(variant, 'note')}>{children}</p>;
}

/** A sentence standing in for an empty table. */
export function Empty({ variant, children }: { variant: Variant; children?: Child }) {
  return <p {...look(variant, 'paragraph')}>{children}</p>;
}

/** A short explanatory line above a table. */
export function Lead({ variant, children }: { variant: Variant; children?: Child }) {
  return <p {...look(variant, 'lead')}>{children}</p>;
}
