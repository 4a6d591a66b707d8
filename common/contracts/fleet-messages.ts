import { z } from 'zod';
import { ROLES } from '../roles';
import { LANGUAGE_CODES } from '../languages';
import { SIGNATURE_METHODS } from './signatures';
import { SOP_KINDS } from './circulars';
import { REVIEW_FINDINGS_MAX, REVIEW_SECTIONS_MAX, REVIEW_TEXT_MAX, SUGGESTION_TEXT_MAX } from '../limits';
import { FINDING_ANSWERS, FindingText, ReviewSection, TemplateSection } from './reviews';
import { FileName } from './fields';
import { CreateSuggestionInput, TRIAGE_STATUSES } from './suggestions';

/**
 * Every message between the office and its ships, as a contract the receiver parses before it
 * applies anything, as a route parses its body. The rows name their columns: a column not
 * listed here never leaves the office (zod drops unknown keys when it parses, and the office
 * builds each row from these lists), so a column added to a table stays ashore until someone
 * adds it here.
 *
 * FLEET_SCHEMA is written on every message: a receiver older than the schema holds the message
 * (and, for the office's records, everything after it) until it is upgraded. Schema 3 adds the
 * 'position' records and the positions of people and SOPs (decision 074); schema 4 the circulars
 * in SOP records and the vessels' acknowledgements of them (decision 078); schema 5 the
 * suggestions for change made on board (decision 079); schema 6 the master's review template and
 * the answers to a vessel's reviews, and the reviews signed on board (decision 080), and the office's
 * answer to each suggestion made on board, sent to its vessel (decision 079).
 */
export const FLEET_SCHEMA = 6;

const id = z.number().int().positive().max(2_147_483_647);
/** A timestamp as PostgreSQL writes it into JSON, or an ISO string. */
const timestamp = z.string().min(10).max(40);
const text = (max: number) => z.string().max(max);
const vesselCode = z.string().regex(/^[A-Z0-9-]{2,16}$/);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** Office-owned records a ship holds, in the order they are applied (each refers only to earlier kinds). */
export const RECORD_KINDS = ['department', 'position', 'user', 'vessel', 'setting', 'sop', 'review_template', 'review_answers', 'suggestion_answer'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const DepartmentRow = z.object({
  id,
  name: text(120),
  description: text(10_000).nullable(),
  parent_id: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A position on board (decision 074): a person's row and an SOP's audience name it. */
export const PositionRow = z.object({ id, name: text(120), department_id: id, created_at: timestamp, updated_at: timestamp });

/**
 * A person, as a ship needs them: names for every record that shows who did what, and the
 * password hash only for people assigned to the vessel (`password` null otherwise: they
 * cannot sign in on board). No e-mail, no sessions, no passkeys.
 */
export const UserRow = z.object({
  id,
  username: text(50),
  password: text(500).nullable(),
  first_name: text(100).nullable(),
  last_name: text(100).nullable(),
  role: z.enum(ROLES),
  department_id: id.nullable(),
  /** Their position, and since when: their position's reading on board is due counting from then (null from an office older than schema 3). */
  position_id: id.nullable().default(null),
  position_since: timestamp.nullable().default(null),
  /** Their interface language on board too (null until their first sign-in ashore chooses it). */
  language: z.enum(LANGUAGE_CODES).nullable(),
  active: z.boolean(),
  deleted_at: timestamp.nullable(),
  vessel_codes: z.array(vesselCode).max(200),
  created_at: timestamp,
  updated_at: timestamp,
});

export const VesselRow = z.object({ code: vesselCode, name: text(200), created_at: timestamp });

/** The settings a ship needs (whether attesting asks for a signature); nothing else travels. */
export const SHIP_SETTING_KEYS = ['require_signatures'] as const;
export const SettingRow = z.object({ key: z.enum(SHIP_SETTING_KEYS), value: z.json(), updated_at: timestamp });

export const SopRow = z.object({
  id,
  /** 'circular' for a fleet circular, whose own row travels in the record ('sop' from an office older than schema 4). */
  kind: z.enum(SOP_KINDS).default('sop'),
  title: text(200),
  department_id: id,
  category: text(100).nullable(),
  summary: text(100_000).nullable(),
  tags: z.array(text(100)).max(100),
  owner_id: id.nullable(),
  status: z.literal('published'),
  latest_version_id: id,
  review_frequency: z.number().int().min(1).max(60).nullable(),
  /** Days to read a version once in force: a ship's crew is told the same read-by date. */
  reading_days: z.number().int().min(1).max(365).nullable(),
  is_confidential: z.boolean(),
  vessel_codes: z.array(vesselCode).max(200),
  /** The positions whose holders must read it besides its department (empty from an office older than schema 3). */
  reading_position_ids: z.array(id).max(100).default([]),
  created_at: timestamp,
  updated_at: timestamp,
});

export const VersionRow = z.object({
  id,
  sop_id: id,
  version_number: text(20),
  content: text(5_000_000),
  changelog: text(100_000).nullable(),
  created_by: id.nullable(),
  submitted_by: id.nullable(),
  submitted_at: timestamp.nullable(),
  approved_by: id.nullable(),
  approved_at: timestamp,
  created_at: timestamp,
  revision_class: z.enum(['major', 'minor', 'editorial']),
});

export const AttachmentRow = z.object({
  id,
  version_id: id,
  filename: text(255),
  original_name: text(255),
  mime_type: text(127),
  size: z.number().int().nonnegative(),
  sha256: sha256.nullable(),
  created_at: timestamp,
});

/**
 * An approved translation of the version in force, as the crew read it on board: its text, or
 * its file (sent like an attachment's). A draft never travels; nor does the generated
 * search_vector, which the ship computes from the text itself.
 */
export const TranslationRow = z.object({
  id,
  version_id: id,
  language: z.enum(LANGUAGE_CODES),
  content: text(5_000_000).nullable(),
  original_name: text(255).nullable(),
  mime_type: text(127).nullable(),
  size: z.number().int().nonnegative().nullable(),
  sha256: sha256.nullable(),
  status: z.literal('approved'),
  created_by: id.nullable(),
  created_at: timestamp,
  approved_by: id.nullable(),
  approved_at: timestamp,
  signature_method: z.enum(SIGNATURE_METHODS).nullable(),
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A fleet circular's own row (decision 078): its number, audience departments, due and expiry days. */
export const CircularRow = z.object({
  sop_id: id,
  number: text(20),
  year: z.number().int().min(1900).max(9999),
  seq: z.number().int().positive(),
  department_ids: z.array(id).max(100),
  due_date: day,
  expires_at: day,
  created_at: timestamp,
});

/**
 * An SOP as a ship holds it: the SOP, its version in force (the only one that travels), its
 * files and the approved translations of that version (at most one per language; none in a
 * record from an office older than translations).
 */
export const SopRecord = z.object({
  sop: SopRow,
  version: VersionRow,
  attachments: z.array(AttachmentRow).max(1000),
  translations: z.array(TranslationRow).max(20).default([]),
  /** The circular's row when the SOP is a circular (null for an SOP, and from an office older than schema 4). */
  circular: CircularRow.nullable().default(null),
});

/** The master's review template (decision 080): one row, the same for every vessel. */
export const ReviewTemplateRow = z.object({
  id: z.literal(1),
  sections: z.array(TemplateSection).max(REVIEW_SECTIONS_MAX),
  updated_at: timestamp,
});

/**
 * The office's answers to the findings of one review signed on board, sent to that vessel only:
 * `ship_ref` is the review's id on board, each finding named by its place in the review.
 */
export const ReviewAnswersRow = z.object({
  ship_ref: id,
  findings: z
    .array(
      z.object({
        position: z.number().int().positive().max(REVIEW_FINDINGS_MAX),
        answer: z.enum(FINDING_ANSWERS),
        action: text(REVIEW_TEXT_MAX).nullable(),
        due_on: day.nullable(),
        note: text(REVIEW_TEXT_MAX).nullable(),
        answered_by: id.nullable(),
        answered_at: timestamp,
      }),
    )
    .max(REVIEW_FINDINGS_MAX),
});

/**
 * The office's answer to a suggestion made on board (decision 079), sent to its vessel only:
 * `ship_ref` is the suggestion's id on board.
 */
export const SuggestionAnswerRow = z.object({
  ship_ref: id,
  status: z.enum(TRIAGE_STATUSES),
  reply: text(SUGGESTION_TEXT_MAX).nullable(),
  triaged_by: id.nullable(),
  triaged_at: timestamp.nullable(),
});

/** The columns of each table a ship is sent, in one place: the office selects exactly these, the ship writes exactly these. */
export const REPLICATED_COLUMNS = {
  departments: Object.keys(DepartmentRow.shape),
  positions: Object.keys(PositionRow.shape),
  users: Object.keys(UserRow.shape),
  vessels: Object.keys(VesselRow.shape),
  app_settings: Object.keys(SettingRow.shape),
  sops: Object.keys(SopRow.shape),
  sop_versions: Object.keys(VersionRow.shape),
  attachments: Object.keys(AttachmentRow.shape),
  sop_translations: Object.keys(TranslationRow.shape),
  circulars: Object.keys(CircularRow.shape),
  review_template: Object.keys(ReviewTemplateRow.shape),
} as const;

const key = z.string().min(1).max(100);
const upsert = <K extends RecordKind, R extends z.ZodType>(kind: K, row: R) => z.object({ op: z.literal('upsert'), kind: z.literal(kind), key, row });

/** Discriminated by `op`, then by `kind`: a refusal names the field that is wrong, not just 'invalid'. */
export const RecordMessage = z.discriminatedUnion('op', [
  z.discriminatedUnion('kind', [
    upsert('department', DepartmentRow),
    upsert('position', PositionRow),
    upsert('user', UserRow),
    upsert('vessel', VesselRow),
    upsert('setting', SettingRow),
    upsert('sop', SopRecord),
    upsert('review_template', ReviewTemplateRow),
    upsert('review_answers', ReviewAnswersRow),
    upsert('suggestion_answer', SuggestionAnswerRow),
  ]),
  z.object({ op: z.literal('delete'), kind: z.enum(RECORD_KINDS), key }),
]);
export type RecordMessage = z.output<typeof RecordMessage>;

/** What the reader had open when attesting on board: each file with their first opening of it. */
const OpenedFile = z.object({
  attachmentId: id,
  originalName: FileName,
  openedAt: timestamp.nullable(),
});

/**
 * Ship-owned facts: an attestation made on board (with its signature, when one was given), a
 * version readable on board, one removed, and the master's acknowledgement that the vessel
 * received a circular (its version in force), and a suggestion for change made on board (on the
 * version in force its author read; `shipRef` is its id on board, so the office takes it once).
 * Every text a person wrote on board refuses control characters as the office's own forms do
 * (NUL cannot be stored at all): such a message is set aside for its vessel, never half applied.
 */
export const ShipMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('attestation'),
    userId: id,
    versionId: id,
    attestedAt: z.iso.datetime({ offset: true }),
    /** How the reader proved themselves (null: no signature asked for). */
    signatureMethod: z.enum(SIGNATURE_METHODS).nullable().default(null),
    /** The digest of the version attested, as computed on board (null only from ships older than schema 2). */
    contentSha256: sha256.nullable().default(null),
    files: z.array(OpenedFile).max(1000).nullable().default(null),
    readingSeconds: z.number().int().nonnegative().nullable().default(null),
    /**
     * The approved translation read, by its language (null: the original). Ships read
     * translations only from an office that sends them, which knows this field.
     */
    language: z.enum(LANGUAGE_CODES).nullable().default(null),
  }),
  z.object({ op: z.literal('receipt'), versionId: id, receivedAt: z.iso.datetime({ offset: true }) }),
  z.object({ op: z.literal('withdrawal'), versionId: id, withdrawnAt: z.iso.datetime({ offset: true }) }),
  z.object({ op: z.literal('vessel_acknowledgement'), versionId: id, userId: id, acknowledgedAt: z.iso.datetime({ offset: true }) }),
  z.object({
    op: z.literal('suggestion'),
    shipRef: id,
    versionId: id,
    userId: id,
    // As the office's own form takes them.
    section: CreateSuggestionInput.shape.section,
    text: CreateSuggestionInput.shape.text,
    suggestedAt: z.iso.datetime({ offset: true }),
  }),
  /** The master's review signed on board (decision 080), with the questions it answered and its findings; `shipRef` its id on board. */
  z.object({
    op: z.literal('master_review'),
    shipRef: id,
    userId: id,
    templateAt: z.iso.datetime({ offset: true }),
    sections: z.array(ReviewSection).min(1).max(REVIEW_SECTIONS_MAX),
    findings: z.array(z.object({ position: z.number().int().positive().max(REVIEW_FINDINGS_MAX), text: FindingText })).max(REVIEW_FINDINGS_MAX),
    signedAt: z.iso.datetime({ offset: true }),
    signatureMethod: z.enum(SIGNATURE_METHODS),
    contentSha256: sha256,
  }),
]);
export type ShipMessage = z.input<typeof ShipMessage>;

/** A ship's question on its own subject (fleet.hello.<vessel>): does the office know it, and what has it applied? */
export const Hello = z.object({
  /** File chunks in the ship's stream on board. */
  chunks: z.number().int().nonnegative().optional(),
  /** What holds the ship's reading of the office's records, in words (null: nothing). */
  problem: z.string().max(1000).nullable().optional(),
});
export type Hello = z.input<typeof Hello>;

export const HelloAnswer = z.object({
  known: z.boolean(),
  name: z.string().nullable(),
  /** The last of this ship's messages the office has applied (0: none). */
  applied: z.number().int().nonnegative(),
});
export type HelloAnswer = z.input<typeof HelloAnswer>;

/** A ship's report of the file chunks it holds (fleet.progress.<vessel>). */
export const FileProgress = z.object({ chunks: z.number().int().nonnegative() });
export type FileProgress = z.input<typeof FileProgress>;

/** The headers every JetStream message carries: its origin, its place in that origin's sequence, its schema. */
export const Envelope = z.object({
  origin: z.string().min(1).max(40),
  seq: z.coerce.number().int().positive(),
  schema: z.coerce.number().int().positive(),
});
