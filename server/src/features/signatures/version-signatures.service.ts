import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SignatureMeaning } from '../../../../common/signature-meanings';
import type { SignatureMethod } from '../../../../common/contracts/signatures';
import type { Db } from '../../db/client';
import { approvalSignatures, attestations, sopVersions, users } from '../../db/schema';
import { signatureRows } from '../approvals/approval-steps.service';
import { fullNameOf } from '../../db/people';

/** One signature of a version, as the controlled copy's signature page lists it. */
export interface VersionSignature {
  name: string;
  /** A delegate's decision: the absent person it counts for. */
  onBehalfOf: string | null;
  meaning: SignatureMeaning | 'read_and_understood';
  /** The step of the route decided; null for an attestation. */
  stepName: string | null;
  at: Date;
  /** null: decided when no proof was required. */
  method: SignatureMethod | null;
  /** The digest of the version signed; null when signed before digests were kept. */
  sha256: string | null;
  /** An attestation carried over to an editorial version: the version number the reader signed. */
  carriedFrom: string | null;
}

const carried = alias(sopVersions, 'carried');

/**
 * Every signature of a version: each decision on its review route (signed with a proof or
 * not: the record of who approved), oldest first, then each attestation signed with a proof
 * ('read and understood'; an unsigned attestation is a read receipt, not a signature).
 */
export async function versionSignatures(db: Pick<Db, 'select'>, versionId: number): Promise<VersionSignature[]> {
  const [decisions, attested] = await Promise.all([
    signatureRows(db, eq(approvalSignatures.versionId, versionId)),
    db
      .select({
        name: fullNameOf(users),
        at: attestations.attestedAt,
        method: attestations.signatureMethod,
        sha256: attestations.contentSha256,
        carriedFrom: carried.versionNumber,
      })
      .from(attestations)
      .innerJoin(users, eq(users.id, attestations.userId))
      .leftJoin(carried, eq(carried.id, attestations.carriedFromVersionId))
      .where(and(eq(attestations.versionId, versionId), isNotNull(attestations.signatureMethod)))
      .orderBy(asc(attestations.attestedAt), asc(attestations.id)),
  ]);
  return [
    ...decisions.map(({ name, meaning, stepName, at, method, sha256, absentId, absentName }) => ({
      name,
      onBehalfOf: absentId === null ? null : absentName,
      meaning,
      stepName,
      at,
      method,
      sha256,
      carriedFrom: null,
    })),
    ...attested.map((a) => ({ ...a, onBehalfOf: null, meaning: 'read_and_understood' as const, stepName: null })),
  ];
}
