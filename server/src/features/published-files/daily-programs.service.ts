import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type DailyProgramCruise,
  type DailyProgramFile,
  type DailyProgramMode,
  type DailyProgramUploadResult,
  type ValidDailyProgramUpload,
  fileCountMessage,
  fileLabelFor,
  PDF_ONLY_MESSAGE,
  shipCodeOf,
} from '../../../../common/contracts/daily-programs';
import { DAILY_PROGRAM_FILE_COUNT } from '../../../../common/limits';
import type { Db } from '../../db/client';
import { dailyPrograms, users, vessels } from '../../db/schema';
import { sniffFileType } from '../../files/sniff';
import { putFile, releaseFiles } from '../../files/store';
import { badRequest, unsupportedType } from '../../http/errors';
import type { UploadedFile } from '../../http/upload-parts';
import { recordAudit } from '../audit/audit.service';
import { type PublishedFileKind, type PublishedUploadFile, uploaderOf } from './published-files.service';

const dayName = (cruiseCode: string, date: string) => `${cruiseCode} ${date}`;

/** Checks the count and that every file really is a PDF; throws before anything is written. */
export function assertValidDayFiles(mode: DailyProgramMode, files: PublishedUploadFile[]) {
  if (files.length !== DAILY_PROGRAM_FILE_COUNT[mode]) throw badRequest(fileCountMessage(mode));
  if (files.some((f) => sniffFileType(f.file.head, f.originalName)?.kind !== 'pdf')) throw unsupportedType(PDF_ONLY_MESSAGE);
}

/**
 * Stores one cruise day: the files get fileSequence 1..N in the order sent. Any files the
 * day already had are replaced in the same transaction, so readers see the old day or the
 * new one, never a mix.
 */
export async function uploadDailyProgramDay(
  db: Db,
  actorId: number | null,
  input: ValidDailyProgramUpload,
  files: PublishedUploadFile[],
): Promise<z.output<typeof DailyProgramUploadResult>> {
  assertValidDayFiles(input.mode, files);
  const { cruiseCode, programDate, mode } = input;
  const removed = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(dailyPrograms)
      .where(and(eq(dailyPrograms.cruiseCode, cruiseCode), eq(dailyPrograms.programDate, programDate)))
      .returning({ id: dailyPrograms.id, sha256: dailyPrograms.sha256 });
    for (const [index, file] of files.entries()) {
      const fileSequence = index + 1;
      const stored = await putFile(tx, file.file.path, file.file);
      await tx.insert(dailyPrograms).values({
        cruiseCode,
        programDate,
        fileSequence,
        fileLabel: fileLabelFor(mode, fileSequence),
        filename: `${cruiseCode}-${programDate}-${fileSequence}.pdf`,
        originalName: file.originalName,
        mimeType: 'application/pdf',
        size: stored.size,
        sha256: stored.sha256,
        uploadedBy: actorId,
      });
    }
    await recordAudit(tx, {
      actorId,
      action: 'daily_program_uploaded',
      entityType: 'daily_program',
      metadata: { name: dayName(cruiseCode, programDate), cruiseCode, programDate, mode, fileCount: files.length, replaced: removed.length },
    });
    return removed;
  });
  // The replaced files' bytes go unless another record (or the new day) still uses them.
  await releaseFiles(
    db,
    removed.map((r) => r.sha256),
  );
  const replaced = removed.length;
  const day = (await listDailyProgramHierarchy(db, { cruiseCode, programDate }))[0]?.days[0];
  return { cruiseCode, date: programDate, uploadMode: mode, replaced, files: day?.files ?? [] };
}

/** The day's files are the parts named 'files', in the order sent. */
export const uploadDailyProgramParts = (db: Db, actorId: number, input: ValidDailyProgramUpload, files: UploadedFile[]) =>
  uploadDailyProgramDay(
    db,
    actorId,
    input,
    files.filter((f) => f.fieldname === 'files'),
  );

/**
 * The whole tree in one lean query (no blobs): cruises by code, days in date order, files
 * in sequence. A day with one file is 'combined', any other count 'separate'.
 */
export async function listDailyProgramHierarchy(db: Db, only?: { cruiseCode: string; programDate: string }): Promise<z.output<typeof DailyProgramCruise>[]> {
  const rows = await db
    .select({
      id: dailyPrograms.id,
      cruiseCode: dailyPrograms.cruiseCode,
      programDate: dailyPrograms.programDate,
      fileSequence: dailyPrograms.fileSequence,
      fileLabel: dailyPrograms.fileLabel,
      originalName: dailyPrograms.originalName,
      size: dailyPrograms.size,
      createdAt: dailyPrograms.createdAt,
      uploaderUsername: users.username,
    })
    .from(dailyPrograms)
    .leftJoin(users, eq(users.id, dailyPrograms.uploadedBy))
    .where(only ? and(eq(dailyPrograms.cruiseCode, only.cruiseCode), eq(dailyPrograms.programDate, only.programDate)) : undefined)
    .orderBy(asc(dailyPrograms.cruiseCode), asc(dailyPrograms.programDate), asc(dailyPrograms.fileSequence));

  const cruises: z.output<typeof DailyProgramCruise>[] = [];
  for (const row of rows) {
    let cruise = cruises.at(-1);
    if (cruise?.cruiseCode !== row.cruiseCode) {
      cruise = { cruiseCode: row.cruiseCode, ship: null, days: [] };
      cruises.push(cruise);
    }
    let day = cruise.days.at(-1);
    if (day?.date !== row.programDate) {
      day = { date: row.programDate, uploadMode: 'combined', files: [] };
      cruise.days.push(day);
    }
    const file: z.output<typeof DailyProgramFile> = {
      id: row.id,
      fileSequence: row.fileSequence,
      fileLabel: row.fileLabel,
      originalName: row.originalName,
      size: row.size,
      createdAt: row.createdAt,
      uploader: uploaderOf(row.uploaderUsername),
    };
    day.files.push(file);
    day.uploadMode = day.files.length === 1 ? 'combined' : 'separate';
  }
  if (cruises.length > 0) {
    // The ship each cruise names, from the vessel register (a handful of rows).
    const register = new Map((await db.select({ code: vessels.code, name: vessels.name }).from(vessels)).map((v) => [v.code, v]));
    for (const cruise of cruises) {
      const code = shipCodeOf(cruise.cruiseCode);
      cruise.ship = (code && register.get(code)) || null;
    }
  }
  return cruises;
}

/** How a daily program file is found and deleted: a deletion leaves the day's other files their sequence. */
export const DAILY_PROGRAM_FILES: PublishedFileKind<typeof dailyPrograms> = {
  table: dailyPrograms,
  notFound: 'Daily program file not found',
  deleted: {
    action: 'daily_program_deleted',
    entityType: 'daily_program',
    metadata: (row) => ({
      name: dayName(row.cruiseCode, row.programDate),
      cruiseCode: row.cruiseCode,
      programDate: row.programDate,
      fileSequence: row.fileSequence,
      originalName: row.originalName,
    }),
  },
};
