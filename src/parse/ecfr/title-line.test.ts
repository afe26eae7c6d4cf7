import { describe, expect, it } from 'vitest';
import { headingKey, isTitleLineOf, lastLine } from './title-line.js';

describe('title lines of eCFR headings', () => {
  it('matches the title line a heading stands for, by key and word boundary', () => {
    expect(isTitleLineOf('PART 746—EMBARGOES AND OTHER SPECIAL CONTROLS', 'Part 746')).toBe(true);
    expect(isTitleLineOf('PART 7460—OTHER', 'Part 746')).toBe(false);
    expect(isTitleLineOf('§ 746.1   Introduction.', '§ 746.1')).toBe(true);
    expect(isTitleLineOf('§ 746.10   Other.', '§ 746.1')).toBe(false);
    expect(isTitleLineOf('§  139.401   General requirements.', '§ 139.401')).toBe(true);
    expect(isTitleLineOf('The text of § 746.1', '§ 746.1')).toBe(false);
    expect(isTitleLineOf('PARTS 800-809 [RESERVED]', 'Part 800-809')).toBe(true);
    expect(isTitleLineOf('PARTS 800-8090 [RESERVED]', 'Part 800-809')).toBe(false);
  });

  it('derives the key and designator from the heading', () => {
    expect(headingKey('§ § 746.1', 4)).toEqual({ key: '§ 746.1', designator: '§ 746.1' });
    expect(headingKey('§ §§ 71.24-71.25', 4)).toEqual({
      key: '§§ 71.24-71.25',
      designator: '§§ 71.24-71.25',
    });
    expect(headingKey('§ Sec. 1-1', 4)).toEqual({ key: 'Sec. 1-1', designator: 'Sec. 1-1' });
    expect(headingKey('§ 212.8', 4)).toEqual({ key: '212.8', designator: '§ 212.8' });
    expect(headingKey('Part 746', 3)).toEqual({ key: 'Part 746' });
  });

  it('finds the last non-blank line of a range, trimmed', () => {
    const text = 'x\n      first\r\n      § 1.1   Title.  \n\n';
    const line = lastLine(text, 0, text.length)!;
    expect(text.slice(line.start16, line.end16)).toBe('§ 1.1   Title.');
    expect(lastLine(' \n \n', 0, 4)).toBeNull();
  });
});
