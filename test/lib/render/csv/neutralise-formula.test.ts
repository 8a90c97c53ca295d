import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../../../lib/render/csv';

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ['\tindented', "'\tindented"],
  ])('puts a quote before a leading formula trigger in %j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it.each([
    ['\uFE66 small equals sign', '\uFE661+1', "'\uFE661+1"],
    ['\uFF1D full-width equals sign', '\uFF1D1+1', "'\uFF1D1+1"],
    ['\u2212 minus sign', '\u22121', "'\u22121"],
    ['\uFE63 small hyphen-minus', '\uFE631', "'\uFE631"],
    ['\uFF0D full-width hyphen-minus', '\uFF0D1', "'\uFF0D1"],
    ['\uFF0B full-width plus sign', '\uFF0B1', "'\uFF0B1"],
    ['\uFE62 small plus sign', '\uFE621', "'\uFE621"],
    ['\uFF20 full-width commercial at', '\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['\uFE6B small commercial at', '\uFE6BSUM(A1)', "'\uFE6BSUM(A1)"],
    ['\u207A superscript plus sign', '\u207A1', "'\u207A1"],
    ['\u208C subscript equals sign', '\u208C1', "'\u208C1"],
    ['\u2013 en dash', '\u20131', "'\u20131"],
  ])('neutralises the look-alike sign %s', (_, text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it.each([
    ['a space', ' =1', "' =1"],
    ['several spaces', '   +1', "'   +1"],
    ['a no-break space (U+00A0)', '\u00A0=1', "'\u00A0=1"],
    ['a narrow no-break space (U+202F)', '\u202F-1', "'\u202F-1"],
    ['an ideographic space (U+3000)', '\u3000@A1', "'\u3000@A1"],
    ['an em space (U+2003)', '\u2003=1', "'\u2003=1"],
    ['a zero-width space (U+200B)', '\u200B=1', "'\u200B=1"],
    ['a zero-width non-joiner (U+200C)', '\u200C=1', "'\u200C=1"],
    ['a zero-width joiner (U+200D)', '\u200D=1', "'\u200D=1"],
    ['a byte order mark (U+FEFF)', '\uFEFF=1', "'\uFEFF=1"],
    ['a word joiner (U+2060)', '\u2060=1', "'\u2060=1"],
    ['a soft hyphen (U+00AD)', '\u00AD=1', "'\u00AD=1"],
    ['a left-to-right mark (U+200E)', '\u200E=1', "'\u200E=1"],
    ['a right-to-left mark (U+200F)', '\u200F+1', "'\u200F+1"],
    ['a right-to-left override (U+202E)', '\u202E=1', "'\u202E=1"],
    ['a variation selector (U+FE0F)', '\uFE0F=1', "'\uFE0F=1"],
    ['a vertical tab', '\u000B=1', "'\u000B=1"],
    ['a mix of them before a look-alike', ' \u00A0\u200B\uFEFF\uFE66cmd', "' \u00A0\u200B\uFEFF\uFE66cmd"],
  ])('neutralises a sign behind %s', (_, text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it.each([
    '',
    'plain',
    'a=b',
    '0.5',
    "'=already quoted",
    '🚀=1',
    ' ',
    ' plain after a space',
    '\u00A0note',
    '\u200Bhidden start',
    'x\u2212y',
  ])('leaves %j as it is', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});
