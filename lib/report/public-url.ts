/**
 * A URL without user name, password, query or fragment, any of which could hold a key:
 * `https://user:pw@api.example.com/v1?token=x` → `https://api.example.com/v1`. `null` for text that is
 * not a URL, so that the caller words the problem without echoing the text.
 */
export function publicUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!url.username && !url.password && !url.search && !url.hash) return text;
  return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
}
