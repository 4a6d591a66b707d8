import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, SOURCE_LANGUAGE } from '../common/languages';

/**
 * Every catalog holds exactly the messages the code uses: a sentence added to the code without
 * its translations fails here, and so does a translation the code no longer uses. Run
 * `npm run i18n:extract` to bring the catalogs in step, then translate what it marks empty.
 */
const config = getConfig({ cwd: process.cwd(), skipValidation: true });
const [catalog] = await getCatalogs(config);
const used = (await catalog.collect()) ?? {};
const usedIds = Object.keys(used).sort();

describe('the message catalogs', () => {
  it('the code uses messages (the extractor finds them)', () => {
    expect(usedIds.length).toBeGreaterThan(0);
  });

  for (const language of LANGUAGE_CODES) {
    it(`${language}: holds every message the code uses, translated, and nothing else`, async () => {
      const held = await catalog.read(language);
      const live = Object.entries(held).filter(([, entry]) => !entry.obsolete);
      const missing = usedIds.filter((id) => !held[id] || held[id].obsolete).map((id) => used[id].message ?? id);
      const unused = live.filter(([id]) => !used[id]).map(([id, entry]) => entry.message ?? id);
      const untranslated =
        language === SOURCE_LANGUAGE ? [] : live.filter(([id, entry]) => used[id] && !entry.translation?.trim()).map(([id, entry]) => entry.message ?? id);
      expect({ missing, unused, untranslated }).toEqual({ missing: [], unused: [], untranslated: [] });
    });
  }
});
