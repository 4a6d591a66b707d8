import type { Db } from '../../db/client';
import type { SignaturePage } from '../../documents/signature-page';
import type { LanguageCode } from '../../../../common/languages';
import { PRINT_WORDS, type PrintWords } from '../../lib/print-words';
import { versionDigest } from './version-digest.service';
import { type VersionSignature, versionSignatures } from './version-signatures.service';

export const NO_SIGNATURES = PRINT_WORDS.en.noSignatures;

const utcSeconds = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function entryOf(s: VersionSignature, words: PrintWords): SignaturePage['entries'][number] {
  return {
    heading: s.onBehalfOf ? words.delegate(s.name, s.onBehalfOf) : s.name,
    lines: [
      words.meaningLine({ meaning: words.meanings[s.meaning], step: s.stepName, carriedFrom: s.carriedFrom }),
      words.signedLine(utcSeconds(s.at), s.method),
      words.signedDigestLine(s.sha256),
    ],
  };
}

/**
 * What the controlled copy's signature page says, in `language`: the version and its digest
 * now, then every signature of the version (version-signatures.service.ts), or that there is none.
 */
export async function signaturePageOf(
  db: Db,
  version: { versionId: number; sopTitle: string; versionNumber: string },
  language: LanguageCode = 'en',
): Promise<SignaturePage> {
  const words = PRINT_WORDS[language];
  const [digest, signatures] = await Promise.all([versionDigest(db, version.versionId), versionSignatures(db, version.versionId)]);
  return {
    title: words.signaturesTitle,
    continuedTitle: words.continuedTitle,
    pageLabel: words.pageLabel,
    intro: [words.versionLine(version.sopTitle, version.versionNumber), words.digestLine(digest), words.explanation],
    entries: signatures.map((s) => entryOf(s, words)),
    empty: words.noSignatures,
  };
}
