/**
 * The few browser globals that code run inside a page (`page.evaluate`) uses, typed by hand: the
 * project compiles against Node's types, and adding the DOM library would retype `fetch`, `FormData`
 * and friends for the whole program. In the page: `const w = globalThis as unknown as PageWindow`.
 */

/** An element's box on the screen, in CSS pixels. */
export interface PageBox {
  left: number;
  right: number;
  width: number;
  height: number;
}

/** An element, as far as the layout checks read it. */
export interface PageElement {
  tagName: string;
  className: string;
  innerText: string;
  textContent: string | null;
  scrollWidth: number;
  clientWidth: number;
  /** How far the element is scrolled sideways. */
  scrollLeft: number;
  scrollHeight: number;
  parentElement: PageElement | null;
  getBoundingClientRect(): PageBox;
  getClientRects(): { length: number };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  /** Whether the element matches a selector, such as `:focus-visible`. */
  matches(selector: string): boolean;
}

/** A text node, as far as the layout checks read it. */
export interface PageTextNode {
  textContent: string;
}

/** A range of text, for the boxes of its lines. */
export interface PageRange {
  setStart(node: PageTextNode, offset: number): void;
  setEnd(node: PageTextNode, offset: number): void;
  getClientRects(): ArrayLike<{ top: number; bottom: number }>;
}

/** The window, as far as the layout checks read it. */
export interface PageWindow {
  document: {
    documentElement: PageElement;
    body: PageElement;
    querySelectorAll(selector: string): ArrayLike<PageElement>;
    /** `show` 4 (`NodeFilter.SHOW_TEXT`) walks the text nodes. */
    createTreeWalker(root: PageElement, show: number): { nextNode(): PageTextNode | null };
    createRange(): PageRange;
  };
  getComputedStyle(
    element: PageElement,
    pseudo?: string,
  ): { display: string; overflowX: string; content: string; outlineStyle: string; outlineWidth: string };
}
