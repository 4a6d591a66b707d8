import { z } from 'zod';

/**
 * The building blocks every contract uses for ids and text, so that input the database
 * cannot hold is refused here with a 400 naming the field, never discovered by a query.
 */

/** Ids are PostgreSQL `integer` identity columns: anything above this cannot exist. */
export const MAX_ID = 2_147_483_647;

/** A number, or a string of digits (path and query values arrive as strings). */
const toNumberIfDigits = (value: unknown) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value);

/**
 * An id from a path, a query string or a body: a whole number from 1 to MAX_ID. No other
 * coercion: `true`, `1.5`, `1e3`, `0x10` and `-1` are refused, not turned into ids.
 */
export function idField(label = 'Id', requiredMessage = `${label} is required`) {
  const invalid = `${label} must be a whole number from 1 to ${MAX_ID}`;
  return z.preprocess(
    toNumberIfDigits,
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? requiredMessage : invalid) })
      .int(invalid)
      .min(1, invalid)
      .max(MAX_ID, invalid),
  );
}

/** `{ id }` path parameters. */
export const idParams = (label = 'Id') => z.object({ id: idField(label) });

/** A count in an answer: a whole number, never negative. */
export const count = z.number().int().nonnegative();

// NUL cannot be stored in PostgreSQL text at all; the other C0/C1 controls are never typed
// by a person and only hide or reorder what a reader sees.
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Direction overrides make 'gpj.exe' read as 'exe.jpg' in a file list.
const NAME_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const hasLineControls = (value: string) => LINE_CONTROLS.test(value);
export const hasTextControls = (value: string) => TEXT_CONTROLS.test(value);
export const hasNameControls = (value: string) => NAME_CONTROLS.test(value);

const controlsMessage = (label: string) => `${label} must not contain control characters`;

/** One line of text (names, titles, tags, searches): no control characters, not even tabs or line breaks. */
export function singleLine(label: string, requiredMessage = `${label} is required`) {
  return z.string({ error: requiredMessage }).refine((v) => !hasLineControls(v), controlsMessage(label));
}

/** Free text (descriptions, content, comments): tabs and line breaks allowed, other control characters not. */
export function multiLine(label: string, requiredMessage = `${label} is required`) {
  return z.string({ error: requiredMessage }).refine((v) => !hasTextControls(v), controlsMessage(label));
}

/** Text a person may leave out: trimmed, at most `max` characters, and null when empty. */
export const optionalText = (max: number, label: string, kind = multiLine) =>
  kind(label, `${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A file name as a person gave it (kept for display and downloads; never used as a path). */
export const FileName = z
  .string({ error: 'File name is required' })
  .trim()
  .min(1, 'File name is required')
  .max(255, 'File name must be at most 255 characters')
  .refine((v) => !hasNameControls(v), 'File name must not contain control characters');

/**
 * A timestamp in an answer: a Date where the server builds it, an ISO 8601 string
 * (`2025-09-28T08:00:00.000Z`, as `toISOString` writes it) on the wire. Serialising an
 * answer encodes it; parsing an answer decodes it back to a Date.
 */
export const isoDate = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
