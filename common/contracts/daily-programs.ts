import { z } from 'zod';
import { DAILY_PROGRAM_FILE_COUNT } from '../limits';
import { idParams, isoDate } from './fields';

export const DAILY_PROGRAM_MODES = ['combined', 'separate'] as const;
export type DailyProgramMode = (typeof DAILY_PROGRAM_MODES)[number];

/** Letters and digits only, e.g. AR250928 (ship prefix + sailing date). */
export const CRUISE_CODE_PATTERN = /^[A-Za-z0-9]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD that really exists (no 2025-02-30). */
export const CalendarDate = z
  .string({ error: 'Date is required' })
  .trim()
  .min(1, 'Date is required')
  .regex(ISO_DATE, 'Date must be in the form YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Date is not a real calendar day')
  // The database has no year 0, and nothing on a ship is dated before 1900.
  .refine((value) => value >= '1900-01-01', 'Date must be in 1900 or later');

/**
 * The text fields of POST /api/daily-programs/batch. They arrive as multipart fields, are
 * collected from the parts, then validated here (the form uses the same schema).
 * Cruise codes are stored upper-case so 'ar250928' and 'AR250928' are the same cruise.
 */
export const DailyProgramUploadFields = z.object({
  cruiseCode: z
    .string({ error: 'Cruise code is required' })
    .trim()
    .min(1, 'Cruise code is required')
    .max(40, 'Cruise code must be at most 40 characters')
    .regex(CRUISE_CODE_PATTERN, 'Cruise code may contain only letters and digits (e.g. AR250928)')
    .transform((v) => v.toUpperCase()),
  programDate: CalendarDate,
  mode: z.enum(DAILY_PROGRAM_MODES, { error: 'Please select upload mode' }),
});
export type DailyProgramUploadFields = z.input<typeof DailyProgramUploadFields>;
export type ValidDailyProgramUpload = z.output<typeof DailyProgramUploadFields>;

/** Word for word as users and tests know it: 'file(s)' stays as written. */
export const fileCountMessage = (mode: DailyProgramMode) =>
  `Invalid file count: Please select exactly ${DAILY_PROGRAM_FILE_COUNT[mode]} PDF file(s) for ${mode} mode`;
export const PDF_ONLY_MESSAGE = 'Invalid file type: All files must be PDF format';

/**
 * The label stored with each file: separate days name their four files 'File 1'..'File 4'
 * in the order sent; a combined day's single PDF has no label (screens show 'File 1').
 */
export const fileLabelFor = (mode: DailyProgramMode, sequence: number) => (mode === 'separate' ? `File ${sequence}` : null);

export const DailyProgramIdParams = idParams('Daily program file id');

export const DailyProgramFile = z.object({
  id: z.number().int(),
  fileSequence: z.number().int(),
  fileLabel: z.string().nullable(),
  originalName: z.string(),
  size: z.number(),
  createdAt: isoDate,
  /** null when the uploader's account has since been deleted. */
  uploader: z.object({ username: z.string() }).nullable(),
});
export type DailyProgramFile = z.input<typeof DailyProgramFile>;

export const DailyProgramDay = z.object({
  /** YYYY-MM-DD */
  date: z.string(),
  /** 'combined' when the day holds one file, else 'separate'. */
  uploadMode: z.enum(DAILY_PROGRAM_MODES),
  files: z.array(DailyProgramFile),
});
export type DailyProgramDay = z.input<typeof DailyProgramDay>;

/** The ship a cruise code names: its letters before the sailing date are a registered vessel's code. */
export const shipCodeOf = (cruiseCode: string) => /^[A-Z]+/.exec(cruiseCode.toUpperCase())?.[0] ?? null;

/**
 * GET /api/daily-programs/hierarchy: cruises by code, days in date order, files in sequence;
 * `ship` is the registered vessel the code names (AR250928 -> vessel AR), null when none does.
 */
export const DailyProgramCruise = z.object({
  cruiseCode: z.string(),
  ship: z.object({ code: z.string(), name: z.string() }).nullable(),
  days: z.array(DailyProgramDay),
});
export type DailyProgramCruise = z.input<typeof DailyProgramCruise>;
export const DailyProgramHierarchy = z.array(DailyProgramCruise);

/** POST /api/daily-programs/batch answers 201 with the day as now stored. */
export const DailyProgramUploadResult = z.object({
  cruiseCode: z.string(),
  date: z.string(),
  uploadMode: z.enum(DAILY_PROGRAM_MODES),
  /** How many earlier files of that day were replaced (0 for a new day). */
  replaced: z.number().int(),
  files: z.array(DailyProgramFile),
});
export type DailyProgramUploadResult = z.input<typeof DailyProgramUploadResult>;
