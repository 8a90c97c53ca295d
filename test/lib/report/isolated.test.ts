import { describe, expect, it } from 'vitest';
import { isolated } from '../../../lib/report/format';

const RLO = '\u202e';
const FSI = '\u2068';
const PDI = '\u2069';

describe('isolated', () => {
  it('leaves printable ASCII as it is', () => {
    expect(isolated('Acme & Co (EU)')).toBe('Acme & Co (EU)');
  });

  it('sets apart text with a bidi control, whatever its letters', () => {
    expect(isolated(`EUR${RLO}`)).toBe(`${FSI}EUR${RLO}${PDI}`);
  });

  it('drops a PDI of the text’s own that would close the isolate early', () => {
    expect(isolated(`a${PDI}${RLO}b`)).toBe(`${FSI}a${RLO}b${PDI}`);
  });

  it('closes an isolate the text opens and never closes', () => {
    expect(isolated('\u2067x')).toBe(`${FSI}\u2067x${PDI}${PDI}`);
  });
});
