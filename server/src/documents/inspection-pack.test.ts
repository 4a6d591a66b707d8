import { describe, expect, it } from 'vitest';
import type { InspectionPack } from '../../../common/contracts/inspection';
import { pdfPageTexts } from '../test/documents';
import { makeInspectionPack } from './inspection-pack';

const at = '2026-11-29T14:42:00.000Z';
const pack = (over: Partial<InspectionPack> = {}): InspectionPack => ({
  vessel: { code: 'AURORA', name: 'Aurora Star' },
  madeAt: at,
  madeOn: 'ship',
  documents: [],
  reading: [],
  signatures: [],
  suggestions: [],
  audit: { intact: true, firstBrokenId: null, entries: 12, checkedAt: at },
  link: { lastContactAt: null, state: 'down' },
  ...over,
});
const make = async (data: InspectionPack) => {
  const json = Buffer.from(JSON.stringify(data));
  const { pdf, pages } = await makeInspectionPack({ pack: data, json, sha256: 'ab'.repeat(32) });
  const texts = await pdfPageTexts(Buffer.from(pdf));
  expect(texts).toHaveLength(pages);
  return texts;
};

describe('the inspection pack PDF', () => {
  it('continues a long table over pages with its heads repeated, the vessel and time on every page, numbered, the digest last', async () => {
    const documents = Array.from({ length: 120 }, (_, i) => ({
      sopId: i + 1,
      title: `Procedure ${i + 1} Олександр Шевченко Κωνσταντίνος राजेश कुमार`,
      versionInForce: '2.0',
      onBoard: '2.0',
      receivedAt: at,
      predecessorWithdrawnAt: null,
      state: 'current' as const,
    }));
    const pages = await make(pack({ documents }));
    expect(pages.length).toBeGreaterThan(3);
    for (const [i, text] of pages.entries()) {
      expect(text).toContain('Inspection pack · Aurora Star (AURORA) · 2026-11-29 14:42:00 UTC');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
    }
    expect(pages[1]).toContain('Master list as held on board (continued)');
    expect(pages[1]).toContain('Received on board');
    // pdfjs gives each font's run as its own item: spacing between scripts is read back doubled.
    const all = pages.join('\n').replace(/\s+/g, ' ');
    for (let i = 1; i <= 120; i++) expect(all).toContain(`Procedure ${i} Олександр Шевченко Κωνσταντίνος राजेश कुमार`);
    expect(pages.at(-1)).toContain(`SHA-256: ${'ab'.repeat(32)}`);
    expect(all).toContain('Nobody is assigned to this vessel.');
  });

  it("prints the last master's review when it is given, says none is on record for null, and nothing when absent", async () => {
    const review = {
      signedAt: at,
      signedBy: 'Erik Hansen',
      findings: [
        { text: 'Mooring diagram out of date', answer: 'Revised in version 2.1' },
        { text: 'Galley fire drill not logged', answer: null },
      ],
    };
    const given = (await make(pack({ masterReview: review }))).join('\n');
    expect(given).toContain("Last master's review");
    expect(given).toContain('Signed 2026-11-29 14:42:00 UTC by Erik Hansen');
    expect(given).toContain('Findings: 2 (answered 1, open 1)');
    expect(given).toContain('Revised in version 2.1');
    expect((await make(pack({ masterReview: null }))).join('\n')).toContain("No master's review is on record for this vessel.");
    expect((await make(pack())).join('\n')).not.toContain("master's review");
  });
});
