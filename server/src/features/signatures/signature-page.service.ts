import { SIGNATURE_MEANING_LABELS } from '../../../../common/signature-meanings';
import type { Db } from '../../db/client';
import type { SignaturePage } from '../../documents/signature-page';
import { versionDigest } from './version-digest.service';
import { type VersionSignature, versionSignatures } from './version-signatures.service';

export const NO_SIGNATURES = 'No electronic signatures recorded for this version.';

const utcSeconds = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const METHOD_WORDS = { password: 'password', passkey: 'passkey' } as const;

function entryOf(s: VersionSignature): SignaturePage['entries'][number] {
  const meaning = SIGNATURE_MEANING_LABELS[s.meaning];
  const capacity = s.stepName ? `${meaning} (step: ${s.stepName})` : meaning;
  const carried = s.carriedFrom ? ` - signed for version ${s.carriedFrom}, carried over to this editorial revision` : '';
  return {
    heading: s.onBehalfOf ? `${s.name}, delegate for ${s.onBehalfOf}` : s.name,
    lines: [
      `Meaning: ${capacity}${carried}`,
      `Signed: ${utcSeconds(s.at)} · Method: ${s.method ? METHOD_WORDS[s.method] : 'none (signatures were not required)'}`,
      `SHA-256 of the signed version: ${s.sha256 ?? 'not recorded'}`,
    ],
  };
}

/**
 * What the controlled copy's signature page says: the version and its digest now, then every
 * signature of the version (version-signatures.service.ts), or that there is none.
 */
export async function signaturePageOf(db: Db, version: { versionId: number; sopTitle: string; versionNumber: string }): Promise<SignaturePage> {
  const [digest, signatures] = await Promise.all([versionDigest(db, version.versionId), versionSignatures(db, version.versionId)]);
  return {
    title: 'Electronic signatures',
    intro: [
      `${version.sopTitle} · Version ${version.versionNumber}`,
      `SHA-256 of this version (its text and files): ${digest}`,
      'Each signature names the signer, what it means, when it was made (UTC), how the signer proved who they were, and the SHA-256 of the version signed: a signature whose SHA-256 differs from the one above was made for other content.',
    ],
    entries: signatures.map(entryOf),
    empty: NO_SIGNATURES,
  };
}
