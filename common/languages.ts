/**
 * The languages the app speaks: the interface, the server's messages and mail, and the
 * languages a procedure may be translated into. English is the source: every other catalog
 * translates its sentences.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'fil', name: 'Filipino', nativeName: 'Filipino' },
  { code: 'id', name: 'Indonesian', nativeName: 'Bahasa Indonesia' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'uk', name: 'Ukrainian', nativeName: 'Українська' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];
export const SOURCE_LANGUAGE: LanguageCode = 'en';

/**
 * The language a page starts in: the device's own (`stored`, the language cookie) when it names
 * one of ours, else the best match of the browser's languages. The page decides it so, and the
 * server decides it the same way to send the page that language's catalog.
 */
export function startingLanguageOf(stored: string | null | undefined, accepted: string | null | undefined): LanguageCode {
  return isLanguageCode(stored) ? stored : bestLanguage(accepted);
}

/**
 * The cookie that keeps the device's language (the interface's last one, signed in or chosen on
 * the sign-in page): the page reads it to draw its first screen, the server to send the page
 * the catalog of that language with its entry script.
 */
export const LANGUAGE_COOKIE = 'sop-harbor-language';

/** A language by its own name ('Bahasa Indonesia'), as its readers look for it. */
export const nativeNameOf = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

export const isLanguageCode = (code: unknown): code is LanguageCode => typeof code === 'string' && (LANGUAGE_CODES as string[]).includes(code);

/**
 * The best of our languages for an Accept-Language header ('fil-PH,fil;q=0.9,en;q=0.8'), by
 * its weights; a region ('es-MX') matches its language, and Tagalog ('tl') is Filipino.
 * English when nothing matches.
 */
export function bestLanguage(header: string | null | undefined): LanguageCode {
  const wanted = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    const base = tag.split('-')[0];
    const code = base === 'tl' ? 'fil' : base;
    if (isLanguageCode(code)) return code;
  }
  return SOURCE_LANGUAGE;
}
