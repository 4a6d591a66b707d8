/** One file, any kind: 10 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The file kinds an SOP accepts: PDF, Word (doc, docx), plain text, JPEG, PNG, GIF (what every reader on board can open). */
export const ALLOWED_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt', 'jpg', 'jpeg', 'png', 'gif'] as const;
/** SOP form: files per upload request. */
export const MAX_ATTACHMENTS_PER_UPLOAD = 5;
/** Daily program upload modes and their exact file counts. */
export const DAILY_PROGRAM_FILE_COUNT = { combined: 1, separate: 4 } as const;
/** A search answer lists at most this many SOPs, the best-ranked first. */
export const SEARCH_RESULT_LIMIT = 100;
/** The dashboard shows the newest five entries of the activity feed. */
export const ACTIVITY_SHOWN = 5;

/**
 * Pages of GET /api/sops: this many SOPs unless asked otherwise, at most the second (decision
 * 077). Here rather than beside the list's schema: the Procedures screen needs the number, not zod.
 */
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 200;

/** A suggestion for change and its reply (decision 079): a page of text, enough for a worked-out change. */
export const SUGGESTION_TEXT_MAX = 4000;
/** A suggestion's page or heading reference ('p. 4', '3.2 Mooring lines'). */
export const SUGGESTION_SECTION_MAX = 200;

/** The master's review (decision 080): sections of a template, questions in a section, and the length of a question. */
export const REVIEW_SECTIONS_MAX = 20;
export const REVIEW_QUESTIONS_MAX = 30;
export const REVIEW_QUESTION_MAX = 1000;
/** The most characters of a section's title in the review's template. */
export const REVIEW_TITLE_MAX = 200;
/** An answer, a finding, or the office's action or note on one: a page of text. */
export const REVIEW_TEXT_MAX = 4000;
/** Findings in one review. */
export const REVIEW_FINDINGS_MAX = 50;

/** A master's review is overdue when the last one signed is older than this (ISM: every year). */
export const REVIEW_OVERDUE_MONTHS = 12;
