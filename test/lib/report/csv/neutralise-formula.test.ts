import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from '../../../../lib/report/csv/neutralise-formula';

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\n=1', "'\n=1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
  ])('puts a quote before a leading formula trigger in %j', (text, expected) => {
    expect(neutraliseFormula(text)).toBe(expected);
  });

  it.each(['', 'plain', 'a=b', ' =1', '0.5', "'=already quoted", '🚀=1'])('leaves %j as it is', (text) => {
    expect(neutraliseFormula(text)).toBe(text);
  });
});
