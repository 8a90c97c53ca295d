import type { Child } from 'hono/jsx';
import { look, renderHtmlDocument } from '../../render';
import { PAGES_CSS } from './page-styles';

/** What every page of the report API says at its top. */
export const SERVICE_NAME = 'Invoice reports';

interface PageFrameProps {
  /** The window's title. */
  title: string;
  /** The small line above the heading: the service, or an account's name. */
  eyebrow: string;
  heading: string;
  /** A line under the heading. */
  subtitle?: Child;
  children?: Child;
}

/**
 * A whole page of the report API as HTML text: self-contained (its one style sheet inline, allowed by
 * its hash in the API's Content-Security-Policy; no script, nothing fetched), readable on a phone, every
 * value escaped by hono/jsx.
 */
export function renderPage({ title, eyebrow, heading, subtitle, children }: PageFrameProps): string {
  return renderHtmlDocument({
    title,
    css: PAGES_CSS,
    noindex: true,
    children: (
      <>
        <div {...look('page', 'header')}>
          <p {...look('page', 'eyebrow')}>{eyebrow}</p>
          <h1 {...look('page', 'title')}>{heading}</h1>
          {subtitle === undefined ? null : <p {...look('page', 'subtitle')}>{subtitle}</p>}
        </div>
        {children}
      </>
    ),
  });
}
