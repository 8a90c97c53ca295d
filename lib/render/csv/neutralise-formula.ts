/** A cell starting with one of these is neutralised as it is (OWASP's list for CSV injection). */
const LEADING_CONTROLS = new Set(['\t', '\r', '\n']);

/**
 * What may stand before a formula sign without a reader seeing it, and what some spreadsheets skip
 * before they look for one: white space (Unicode's, the no-break and ideographic spaces included),
 * control and format characters (zero-width space U+200B, joiners U+200C/D, BOM U+FEFF, word joiner
 * U+2060, soft hyphen U+00AD, bidi marks and embeddings) and the other default-ignorable code points
 * (variation selectors, fillers).
 */
const LEADING_INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*/u;

/** The signs that start a formula, once a character is brought to its compatibility form (NFKC). */
const FORMULA_SIGNS = new Set(['=', '+', '@']);

/** Any dash (Unicode's Dash property): `-`, the minus sign U+2212, hyphens, en and em dashes, `﹣`, `－`. */
const DASH = /^\p{Dash}$/u;

/**
 * Whether `char` reads as a formula sign. NFKC maps the look-alikes onto the ASCII signs: `﹦` U+FE66
 * and `＝` U+FF1D onto `=`, `﹢` U+FE62 and `＋` U+FF0B onto `+`, `﹫` U+FE6B and `＠` U+FF20 onto `@`,
 * and the superscript and subscript forms likewise; every dash counts as a minus.
 */
function isFormulaSign(char: string): boolean {
  const sign = char.normalize('NFKC').charAt(0);
  return FORMULA_SIGNS.has(sign) || DASH.test(sign);
}

/**
 * Makes a text cell inert in Excel, LibreOffice and Google Sheets by putting a `'` in front of it when
 * it starts with a formula trigger: `=SUM(A1)` becomes `'=SUM(A1)`. A trigger is `\t`, `\r` or `\n` as
 * the first character, or a formula sign (`=`, `+`, `-`, `@` and their look-alikes) after any white
 * space and invisible characters: ` =1` and `\u200B=1` are neutralised too. The text is kept whole.
 *
 * Written here rather than using csv-stringify's `escape_formulas`: that option looks at the first
 * character only, misses a leading LF and the look-alikes, and also escapes numeric strings (`-0.5`
 * would become `'-0.5`), while amounts must stay numbers. So only text columns go through this
 * function; amounts never do.
 *
 * @example neutraliseFormula('@cmd') // "'@cmd"
 * @example neutraliseFormula('\u00A0−1') // "'\u00A0−1"
 */
export function neutraliseFormula(text: string): string {
  const first = text.charCodeAt(0);
  // Visible ASCII other than `=`, `+`, `-` and `@` (most cells): decided without a regular expression.
  if (first > 0x20 && first < 0x7f && first !== 0x3d && first !== 0x2b && first !== 0x2d && first !== 0x40) {
    return text;
  }
  if (LEADING_CONTROLS.has(text.charAt(0))) return `'${text}`;
  const [visible] = text.replace(LEADING_INVISIBLE, '');
  return visible !== undefined && isFormulaSign(visible) ? `'${text}` : text;
}
