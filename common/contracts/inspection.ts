import { z } from 'zod';

/**
 * The inspection pack of one vessel (decision 082): what an inspector aboard asks to see, in
 * one document. Every time is an ISO string (UTC) so the pack's data has one serialisation,
 * the bytes its SHA-256 is taken of (pack.json, embedded in the PDF and put in the ZIP).
 */
const when = z.string();

export const PackDocument = z.object({
  sopId: z.number().int(),
  title: z.string(),
  versionInForce: z.string(),
  /** The version held on board; null: none yet. */
  onBoard: z.string().nullable(),
  /** When it was received on board; null: unknown (held before the ship's copy kept the time) or none held. */
  receivedAt: when.nullable(),
  /** When the ship last removed a version of this SOP (its predecessor); null: never. */
  predecessorWithdrawnAt: when.nullable(),
  state: z.enum(['current', 'pending']),
});

export const PackReader = z.object({
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  required: z.number().int(),
  done: z.number().int(),
  outstanding: z.number().int(),
  overdue: z.number().int(),
  /** The versions read in a translation, by language ('Filipino 2'); empty: all in the original. */
  languages: z.string(),
  /** What is outstanding: 'Title (v2.0, due 2026-12-01, overdue)'. */
  outstandingItems: z.array(z.string()),
});

export const PackSignature = z.object({
  sopId: z.number().int(),
  title: z.string(),
  versionNumber: z.string(),
  signer: z.string(),
  onBehalfOf: z.string().nullable(),
  meaning: z.string(),
  step: z.string().nullable(),
  at: when,
  method: z.string().nullable(),
});

export const PackSuggestion = z.object({
  id: z.number().int(),
  title: z.string(),
  versionNumber: z.string(),
  section: z.string().nullable(),
  text: z.string(),
  suggestedBy: z.string(),
  createdAt: when,
});

/** The last master's review, as the pack prints it (gathered by masterReviewForPack, inspection.service.ts). */
export const PackMasterReview = z.object({
  signedAt: when,
  signedBy: z.string(),
  findings: z.array(z.object({ text: z.string(), answer: z.string().nullable() })),
});

export const PackAudit = z.object({
  intact: z.boolean(),
  /** The first entry that breaks the chain, when it is broken. */
  firstBrokenId: z.number().int().nullable(),
  entries: z.number().int(),
  checkedAt: when,
});

export const PackLink = z.object({
  /** When the ship was last heard from (at the office) or last heard from the office (on board). */
  lastContactAt: when.nullable(),
  /** The link as this instance sees it now: connected, connecting, down or not_configured. */
  state: z.string(),
});

export const InspectionPack = z.object({
  vessel: z.object({ code: z.string(), name: z.string() }),
  madeAt: when,
  /** Where it was made: at the office (what the ship reported holding) or on board (its own records). */
  madeOn: z.enum(['office', 'ship']),
  documents: z.array(PackDocument),
  reading: z.array(PackReader),
  signatures: z.array(PackSignature),
  suggestions: z.array(PackSuggestion),
  /** Absent until the master's review is wired in: the pack then says nothing about reviews. */
  masterReview: PackMasterReview.nullable().optional(),
  audit: PackAudit,
  link: PackLink,
});
export type InspectionPack = z.output<typeof InspectionPack>;

/** The header every pack answer carries: the SHA-256 of its pack.json. */
export const PACK_DIGEST_HEADER = 'x-inspection-pack-sha256';
