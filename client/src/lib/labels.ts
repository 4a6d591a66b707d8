import type { RevisionClass } from '@common/revision-classes';
import type { SopKind } from '@common/contracts/circulars';
import type { Role } from '@common/roles';
import type { ApprovalStatus, SopStatus, VersionStanding } from '@common/sop-lifecycle';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { formatLocale, i18n } from './i18n';

/**
 * The words a crew member reads for what the system stores as codes: statuses, audit events,
 * file types, sizes and dates. Every screen takes them from here, so one thing is called one
 * thing everywhere and a stored name ('sop_attested', a MIME type) never reaches the screen.
 */

type DateInput = string | number | Date | null | undefined;

/**
 * A table of words read as `TABLE[key]`, each translated when read (a getter per key, enumerable,
 * so Object.keys and Object.entries still list them): a change of language shows at once, and
 * the screens that read the table need no change.
 */
export function translatedTable<K extends string>(descriptors: Record<K, MessageDescriptor>): Record<K, string> {
  const table = {} as Record<K, string>;
  for (const key of Object.keys(descriptors) as K[]) {
    Object.defineProperty(table, key, { enumerable: true, get: () => i18n._(descriptors[key]) });
  }
  return Object.freeze(table);
}

/** Status labels for SOPs and approval tasks; typed so a new status needs one. */
export const STATUS_LABELS: Record<SopStatus | ApprovalStatus, string> = translatedTable<SopStatus | ApprovalStatus>({
  draft: msg`Draft`,
  submitted: msg`Submitted`,
  in_review: msg`In Review`,
  changes_requested: msg`Changes Requested`,
  approved: msg`Approved`,
  published: msg`Published`,
  archived: msg`Archived`,
  pending: msg`Pending`,
  rejected: msg`Rejected`,
});

/** What a version is to a reader. A version sent for approval is 'Submitted', never 'Draft'. */
const VERSION_STANDING_WORDS: Record<VersionStanding, MessageDescriptor> = {
  in_force: msg`In force`,
  superseded: msg`Superseded`,
  changes_requested: msg`Changes requested`,
  submitted: msg`Submitted`,
  draft: msg`Draft`,
};

/** A version's standing in the interface's language (read when drawn, so a change of language shows at once). */
export const versionStandingLabel = (standing: VersionStanding): string => i18n._(VERSION_STANDING_WORDS[standing]);

/** What an approver's decision did, said to the approver: never 'task updated'. */
export function decisionLabel(task: { status: ApprovalStatus; sopStatus: SopStatus; sopKind?: SopKind }): string {
  if (task.status === 'changes_requested') return t`Changes requested: the SOP goes back to its author`;
  if (task.status === 'rejected') return t`Rejected: the SOP is a draft again`;
  if (task.sopStatus === 'published' && task.sopKind === 'circular') return t`Issued: the circular is in force for its audience`;
  return task.sopStatus === 'published' ? t`Approved: this version is now in force` : t`Your approval is recorded; the SOP waits for the other signatures`;
}

/** A name no table knows yet, in sentence case with known abbreviations kept ('sop_cargo_loaded' -> 'SOP cargo loaded'). */
function sentence(name: string): string {
  const words = name
    .split('_')
    .filter(Boolean)
    .map((w) => (w === 'sop' || w === 'sops' ? w.toUpperCase() : w))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A word from a table, or the stored name made readable when the table does not know it yet. */
export const lookUp = (table: Record<string, string>, name: string) => (Object.hasOwn(table, name) ? table[name] : sentence(name));

export const statusLabel = (status: string): string => lookUp(STATUS_LABELS, status);

/** The kind of a file from its MIME type, in the words of the programs people open it with. */
export type FileKind = 'PDF' | 'Word' | 'Excel' | 'CSV' | 'Image' | 'Text' | 'File';
const KIND_BY_TYPE: Record<string, FileKind> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'text/csv': 'CSV',
  'text/plain': 'Text',
};
export function fileKindOf(mimeType: string | null | undefined): FileKind {
  const type = (mimeType ?? '').split(';')[0].trim().toLowerCase();
  if (Object.hasOwn(KIND_BY_TYPE, type)) return KIND_BY_TYPE[type];
  return type.startsWith('image/') ? 'Image' : 'File';
}

/** The plain words among the file kinds; the programs' names (PDF, Word, Excel, CSV) read the same in every language. */
const FILE_KIND_WORDS: Partial<Record<FileKind, MessageDescriptor>> = { Image: msg`Image`, Text: msg`Text`, File: msg`File` };
/** The kind of a file from its MIME type in the interface's language ('Image' reads 'Larawan' in Filipino). */
export function fileKindLabel(mimeType: string | null | undefined): string {
  const kind = fileKindOf(mimeType);
  const word = FILE_KIND_WORDS[kind];
  return word ? i18n._(word) : kind;
}

/** Shared tables of common/ in the interface's language (the server keeps common/'s English for mail and logs). */
export const REVISION_CLASS_LABELS: Record<RevisionClass, string> = translatedTable<RevisionClass>({
  major: msg`Major`,
  minor: msg`Minor`,
  editorial: msg`Editorial`,
});
// 'Admin' the role, not the Admin tab (the Administration Center): a person, in every language.
export const ROLE_LABELS: Record<Role, string> = translatedTable<Role>({
  admin: msg({ message: 'Admin', context: 'role' }),
  approver: msg`Approver`,
  user: msg`User`,
});

/** The interface's language (with the browser's region) decides digits, separators and date order. */
export const displayLocale = (): string => formatLocale();

/** A number in the reader's locale ('200,000', '200.000'). */
export const formatNumber = (value: number): string => new Intl.NumberFormat(displayLocale()).format(value);

const numberFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(locale: string, unit: 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte'): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: 1 });
    numberFormats.set(key, format);
  }
  return format;
}

const UNITS = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
] as const;

/**
 * A size at its own scale: '640 bytes', '2 KB', '1.9 MB'. Multiples of 1024, as the upload
 * limit (10 MB = 10,485,760 bytes) is counted; the locale writes the number and the unit,
 * except that the kilobyte keeps the product's spelling 'KB'.
 */
export function formatBytes(bytes: number | null | undefined, fallback: string = t`Unknown size`): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return fallback;
  const locale = displayLocale();
  const [unit, size] = UNITS.find(([, size]) => bytes >= size) ?? ['byte', 1];
  return unitFormat(locale, unit)
    .formatToParts(bytes / size)
    .map((part) => (part.type === 'unit' && part.value === 'kB' ? 'KB' : part.value))
    .join('');
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(style: 'date' | 'dateTime' | 'weekday' | 'time'): Intl.DateTimeFormat {
  const locale = displayLocale();
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'date'
        ? { dateStyle: 'medium' }
        : style === 'dateTime'
          ? { dateStyle: 'medium', timeStyle: 'short' }
          : style === 'time'
            ? { timeStyle: 'short' }
            : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar day ('2026-11-26') is that day where the reader is; anything else is an instant. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatWith =
  (style: 'date' | 'dateTime' | 'weekday' | 'time') =>
  (value: DateInput, fallback = '') => {
    const date = toDate(value);
    return date ? dateFormat(style).format(date) : fallback;
  };

/** 'Nov 26, 2026' (en-US), '26 Nov 2026' (en-GB): the one date style of the reader's locale. */
export const formatDate = formatWith('date');
/** The date style above with the time: 'Nov 26, 2026, 10:00 AM'. */
export const formatDateTime = formatWith('dateTime');
/** The date style above with the weekday, for days of a cruise: 'Thu, Nov 26, 2026'. */
export const formatWeekdayDate = formatWith('weekday');
/** The time alone, for something that happened today. */
export const formatTime = formatWith('time');

/** Two days as one span in the reader's style: 'Nov 26 – 30, 2026'. */
export function formatDateRange(from: DateInput, to: DateInput): string {
  const a = toDate(from);
  const b = toDate(to);
  if (!a || !b) return formatDate(a ?? b);
  return dateFormat('date').formatRange(a, b);
}

/** A day the server counts in UTC ('2026-12-12', or that day's midnight as an instant) as the same day on the reader's calendar. */
const fromUtcDay = (value: string | Date): Date | null => {
  const instant = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : new Date(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
};

/**
 * A calendar day the server counts in UTC (a read-by date) in the reader's date style: the same
 * day wherever the reader's clock is ('Dec 12, 2026' in en-US, '12 Dec 2026' in en-GB).
 */
export const formatCalendarDay = (value: string | Date): string => formatDate(fromUtcDay(value));

/** Whether a calendar day (as formatCalendarDay takes it) is over: the UTC day today is later. */
export function isPastDay(value: string | Date, now: Date = new Date()): boolean {
  const day = fromUtcDay(value);
  return day !== null && day.getTime() < new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()).getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;
const calendarDaysBetween = (later: Date, earlier: Date) =>
  Math.round(
    (new Date(later.getFullYear(), later.getMonth(), later.getDate()).getTime() -
      new Date(earlier.getFullYear(), earlier.getMonth(), earlier.getDate()).getTime()) /
      DAY_MS,
  );

/** 'Last Edited' in words for recent changes, which matter most: Today, Yesterday, 'N days ago' (<7), 'N weeks ago' (<30), else the date. */
export function formatRelativeDay(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const days = calendarDaysBetween(now, date);
  if (days <= 0) return t`Today`;
  if (days === 1) return t`Yesterday`;
  if (days < 7) return plural(days, { one: '# day ago', other: '# days ago' });
  if (days < 30) {
    const weeks = Math.floor(days / 7);
    return plural(weeks, { one: '# week ago', other: '# weeks ago' });
  }
  return formatDate(date);
}
