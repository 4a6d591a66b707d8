import { i18n, type Messages } from '@lingui/core';
import { isLanguageCode, LANGUAGE_COOKIE, type LanguageCode, SOURCE_LANGUAGE, startingLanguageOf } from '@common/languages';

/**
 * The interface's language. Every language but English is one chunk of its catalog, compiled at
 * build time, fetched when chosen and kept by the service worker like every chunk of the build.
 * English is the code's own words, compiled as they are first shown by Lingui's message parser,
 * which is a chunk of its own: a crew member reading in Hindi never downloads or runs it. Until
 * the language's chunk arrives nothing is drawn (main.tsx waits for it).
 */
i18n.loadAndActivate({ locale: SOURCE_LANGUAGE, messages: {} });

/**
 * The device's language is a cookie, not local storage: signing out clears the site's storage
 * (Clear-Site-Data), and the sign-in page after it should still speak the person's language.
 */
const storedLanguage = () => (typeof document === 'undefined' ? null : (new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([a-z]+)`).exec(document.cookie)?.[1] ?? null));

const CATALOGS: Record<LanguageCode, () => Promise<{ messages: Messages }>> = {
  en: async () => {
    const { compileMessage } = await import('@lingui/message-utils/compileMessage');
    i18n.setMessagesCompiler(compileMessage);
    return { messages: {} };
  },
  fil: () => import('../locales/fil/messages.po'),
  id: () => import('../locales/id/messages.po'),
  hi: () => import('../locales/hi/messages.po'),
  uk: () => import('../locales/uk/messages.po'),
  es: () => import('../locales/es/messages.po'),
};

/** The language this device last used (signed in or chosen on the sign-in page), else the browser's best. */
export function startingLanguage(): LanguageCode {
  return startingLanguageOf(storedLanguage(), typeof navigator === 'undefined' ? null : (navigator.languages ?? [navigator.language]).join(','));
}

let wanted: LanguageCode = SOURCE_LANGUAGE;

/**
 * Shows the interface in `code`: its catalog loaded (once), `<html lang>` set, the choice kept on
 * this device for the next start. A later call wins over an earlier one still loading.
 */
export async function activateLanguage(code: LanguageCode): Promise<void> {
  wanted = code;
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari and Firefox, which tablets on board still run
    document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
  }
  const { messages } = await CATALOGS[code]();
  if (wanted !== code) return;
  i18n.loadAndActivate({ locale: code, messages });
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

export const activeLanguage = (): LanguageCode => (isLanguageCode(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE);

/**
 * The locale dates and numbers are written in: the interface's language, with the browser's
 * region when it is the same language (an officer with en-GB reads '26 Nov 2026').
 */
export function formatLocale(): string {
  const language = activeLanguage();
  const browser = typeof navigator === 'undefined' ? '' : (navigator.language ?? '');
  return browser.toLowerCase().split('-')[0] === language ? browser : language;
}

export { i18n };
