import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../../../common/languages';
import { PRINT_WORDS } from './print-words';

const stamp = (language: LanguageCode) => {
  const words = PRINT_WORDS[language];
  return [
    words.stampDocument({ title: 'Mooring Stations', version: '2.1', since: '2026-11-26' }),
    words.stampPrinted({ name: 'Олександр Шевченко', at: '2026-11-28 09:30 UTC' }),
  ];
};

describe('the words printed on a controlled copy', () => {
  it('come in Ukrainian or Hindi when asked, the title, version, name and times as they are', () => {
    expect(stamp('uk')).toEqual([
      'Mooring Stations · Версія 2.1 · Чинна з 2026-11-26',
      'Надруковано: Олександр Шевченко, 2026-11-28 09:30 UTC · Після друку копія неконтрольована',
    ]);
    expect(stamp('hi')).toEqual([
      'Mooring Stations · संस्करण 2.1 · 2026-11-26 से लागू',
      'Олександр Шевченко द्वारा 2026-11-28 09:30 UTC को मुद्रित · मुद्रित प्रति अनियंत्रित है',
    ]);
    expect(PRINT_WORDS.uk.signaturesTitle).toBe('Електронні підписи');
    expect(PRINT_WORDS.hi.meanings.read_and_understood).toBe('पढ़ा और समझा');
    expect(PRINT_WORDS.hi.signedLine('2026-11-28 09:30:00 UTC', 'password')).toBe('हस्ताक्षर का समय: 2026-11-28 09:30:00 UTC · विधि: पासवर्ड');
  });

  it('are English unless asked, as the copies always said', () => {
    expect(stamp('en')).toEqual([
      'Mooring Stations · Version 2.1 · In force since 2026-11-26',
      'Printed by Олександр Шевченко on 2026-11-28 09:30 UTC · Uncontrolled when printed',
    ]);
  });

  it('say every sentence in each of the six languages, each its own', () => {
    for (const language of LANGUAGE_CODES.filter((l) => l !== 'en')) {
      const words = PRINT_WORDS[language];
      expect(stamp(language)).not.toEqual(stamp('en'));
      for (const key of ['signaturesTitle', 'continuedTitle', 'pageLabel', 'explanation', 'noSignatures'] as const) {
        expect(words[key], `${language} ${key}`).not.toBe(PRINT_WORDS.en[key]);
      }
      expect(words.pageLabel).toMatch(/\{page\}.*\{pages\}/);
      expect(Object.values(words.meanings)).toHaveLength(5);
    }
  });
});
