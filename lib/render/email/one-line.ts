/** Text for a single line (a subject, a title line): control characters and runs of spaces become one space. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, ' ').trim();
}
