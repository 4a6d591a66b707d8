import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { TestContext, TestUser } from '../../test/factory';

/** A real one-page PDF whose text names it, so tests can tell files apart by bytes. */
export async function makePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await pdf.save());
}

/** A real .xlsx workbook with a header row and one port of call. */
export async function makeXlsx(port = 'Lisbon'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Itinerary');
  sheet.addRow(['Day', 'Port', 'Arrival', 'Departure']);
  sheet.addRow([1, port, '08:00', '17:00']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
}

/** Multipart body as a browser's FormData would send it: text fields first, then the files. */
export function multipart(fields: Record<string, string>, files: FilePart[], fileField: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(fileField, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

export const uploadDay = (t: TestContext, user: TestUser | null, fields: Record<string, string>, files: FilePart[]) =>
  t.as(user, { method: 'POST', url: '/api/daily-programs/batch', payload: multipart(fields, files, 'files') as never });

export const uploadItineraryFile = (t: TestContext, user: TestUser | null, fields: Record<string, string>, file?: FilePart) =>
  t.as(user, { method: 'POST', url: '/api/itineraries', payload: multipart(fields, file ? [file] : [], 'file') as never });

/** n distinct PDFs named in order, e.g. pdfs(4, 'deck') → deck-1.pdf .. deck-4.pdf. */
export async function pdfs(n: number, prefix = 'program'): Promise<FilePart[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({ name: `${prefix}-${i + 1}.pdf`, data: await makePdf(`${prefix} page ${i + 1}`), type: 'application/pdf' })),
  );
}
