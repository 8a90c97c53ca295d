import type { Child } from 'hono/jsx';

/**
 * A table that only lays out an email (Outlook and Gmail ignore CSS layout): no spacing, no border,
 * and `role="presentation"` so screen readers do not announce it as data.
 */
export function LayoutTable(props: { style: string; bgcolor?: string; children?: Child }) {
  return (
    <table
      role="presentation"
      cellpadding={0}
      cellspacing={0}
      border={0}
      bgcolor={props.bgcolor}
      style={props.style}
    >
      {props.children}
    </table>
  );
}
