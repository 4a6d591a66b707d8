/**
 * An itinerary spreadsheet as a table: each sheet's first non-empty row names the columns
 * and the rows below are its data, at most `maxRows` per sheet. Cells become text, numbers
 * or null; dates become ISO 8601 strings (a time of day alone is on 1899-12-30, Excel's day
 * zero). Runs in a document worker: exceljs holds the whole workbook in memory.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { DocumentRefused } from './document-limits';

export type TableCell = string | number | null;
export interface TableSheet {
  name: string;
  columns: string[];
  rows: TableCell[][];
  truncated: boolean;
}

/** A sheet wider than this is not an itinerary; the rest of its columns are left out. */
const MAX_COLUMNS = 100;
const MAX_SHEETS = 20;

function cellValue(value: ExcelJS.CellValue): TableCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if ('richText' in value) return value.richText.map((r) => r.text).join('') || null;
  if ('hyperlink' in value) return cellValue(value.text as ExcelJS.CellValue);
  if ('error' in value) return value.error;
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return null;
  return String(value);
}

/** CSV fields are text: plain numbers become numbers, everything else stays as written. */
const csvValue = (text: string): TableCell => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) && trimmed.length < 16 ? Number(trimmed) : text;
};

function toTable(sheet: ExcelJS.Worksheet, maxRows: number): TableSheet {
  const width = Math.min(sheet.columnCount, MAX_COLUMNS);
  const values = (row: ExcelJS.Row): TableCell[] => Array.from({ length: width }, (_, i) => cellValue(row.getCell(i + 1).value));
  let columns: string[] | null = null;
  const rows: TableCell[][] = [];
  let truncated = false;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells = values(row);
    if (cells.every((c) => c === null)) return;
    if (!columns) {
      columns = cells.map((c, i) => (c === null ? `Column ${i + 1}` : String(c)));
      return;
    }
    if (rows.length === maxRows) truncated = true;
    else rows.push(cells);
  });
  return { name: sheet.name, columns: columns ?? [], rows, truncated };
}

export async function readSpreadsheetTable(input: { kind: 'xlsx' | 'csv'; data: Uint8Array; maxRows: number }): Promise<{ sheets: TableSheet[] }> {
  const workbook = new ExcelJS.Workbook();
  const bytes = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  if (input.kind === 'csv') {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const sheet = await workbook.csv.read(Readable.from([text]), { map: csvValue, sheetName: 'Sheet1' } as never);
    return { sheets: [toTable(sheet, input.maxRows)] };
  }
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new DocumentRefused(`The workbook could not be read (${err instanceof Error ? err.message : String(err)})`);
  }
  return { sheets: workbook.worksheets.slice(0, MAX_SHEETS).map((sheet) => toTable(sheet, input.maxRows)) };
}
