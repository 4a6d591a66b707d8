import { describe, expect, it } from 'vitest';
import { startingLanguageOf } from './languages';

describe('the language a page starts in', () => {
  it("is the device's own when it names one of ours, else the browser's best", () => {
    expect(startingLanguageOf('hi', 'es-MX,es;q=0.9')).toBe('hi');
    expect(startingLanguageOf(undefined, 'tl-PH,tl;q=0.9,en;q=0.5')).toBe('fil');
    expect(startingLanguageOf('xx', 'uk')).toBe('uk');
    expect(startingLanguageOf(null, null)).toBe('en');
  });
});
