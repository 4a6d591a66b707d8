import { describe, expect, it } from 'vitest';
import { FileName, idField, MAX_ID, multiLine, singleLine } from './fields';

describe('idField', () => {
  const id = idField('Department');
  it('takes whole numbers from 1 to 2147483647, as numbers or digit strings', () => {
    expect(id.parse(1)).toBe(1);
    expect(id.parse('42')).toBe(42);
    expect(id.parse(String(MAX_ID))).toBe(MAX_ID);
  });
  it('refuses everything else with a message naming the field', () => {
    for (const value of [0, -1, 1.5, MAX_ID + 1, '2147483648', '1e3', '0x10', '1.0', 'abc', 'a\u0000', true, [], {}, Number.NaN, Number.POSITIVE_INFINITY]) {
      const result = id.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0].message).toBe('Department must be a whole number from 1 to 2147483647');
    }
  });
  it('says the field is required when it is missing', () => {
    for (const value of [undefined, null, '']) expect(id.safeParse(value).error?.issues[0].message).toBe('Department is required');
  });
});

describe('text fields', () => {
  it('refuse U+0000 and other control characters', () => {
    for (const value of ['a\u0000b', 'esc\u001b[2J', 'bell\u0007', 'c1\u0085']) {
      expect(singleLine('Title').safeParse(value).error?.issues[0].message).toBe('Title must not contain control characters');
    }
    expect(multiLine('Content').safeParse('a\u0000b').success).toBe(false);
  });
  it('keep tabs and line breaks only in free text', () => {
    expect(multiLine('Content').parse('one\n\ttwo\r\n')).toBe('one\n\ttwo\r\n');
    expect(singleLine('Title').safeParse('one\ntwo').success).toBe(false);
  });
  it('refuse direction overrides in file names', () => {
    expect(FileName.safeParse('invoice\u202Efdp.exe').success).toBe(false);
    expect(FileName.parse('  Ärzte ward.txt ')).toBe('Ärzte ward.txt');
  });
});
