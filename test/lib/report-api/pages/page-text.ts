/** The text of a page's main element, tags and white space runs removed: what a reader sees, in order. */
export const mainText = (page: string) =>
  page
    .slice(page.indexOf('<main'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
