import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { LANGUAGE_CODES, SOURCE_LANGUAGE } from './common/languages';

/**
 * The interface's message catalogs: one PO file per language under client/src/locales, the
 * English sentences in the code as their source. `npm test` checks every catalog holds exactly
 * the messages the code uses (scripts/i18n-catalogs.test.ts).
 */
export default defineConfig({
  sourceLocale: SOURCE_LANGUAGE,
  locales: [...LANGUAGE_CODES],
  fallbackLocales: { default: SOURCE_LANGUAGE },
  catalogs: [
    {
      path: '<rootDir>/client/src/locales/{locale}/messages',
      include: ['<rootDir>/client/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    },
  ],
  // Written by us, not by a machine-translation service; each catalog's header says a native
  // speaker has yet to review it.
  format: formatter({
    lineNumbers: false,
    origins: true,
    customHeaderAttributes: { 'X-Translation-Review': 'Written by the SOP Harbor team; to be reviewed by a native speaker' },
  }),
  orderBy: 'message',
});
