/**
 * What a document worker can be asked to do: one entry per kind of task, with its input and
 * output. The worker process runs the table below; the server imports only the types.
 */
import { DocumentRefused } from './document-limits';
import { convertDocxToHtml } from './docx-html';
import { type InspectionPackInput, makeInspectionPack } from './inspection-pack';
import { type StampInput, stampPdf } from './pdf-stamp';
import { type ManualCopyInput, makeManualCopy } from './manual-copy';
import { renderDocxFirstPage, renderFirstPage } from './previews';
import { extractText } from './text-extraction';
import { readSpreadsheetTable, type TableSheet } from './spreadsheet-table';

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export interface DocumentTasks {
  preview: {
    input: { mimeType: string; data: Uint8Array };
    output: { png: Uint8Array; width: number; height: number };
  };
  /** The searchable text of a PDF, Word (docx) or plain-text file, capped (text-extraction.ts). */
  text: {
    input: { mimeType: string; data: Uint8Array };
    output: { text: string; truncated: boolean; pages: number | null };
  };
  /** A Word (docx) file as sanitised HTML for the document reader (docx-html.ts). */
  html: {
    input: { mimeType: string; data: Uint8Array };
    output: { html: string };
  };
  /** A controlled copy: the PDF stamped on every page, written to `outputPath`. */
  stamp: {
    input: StampInput;
    output: { pages: number; size: number };
  };
  /** A manual's controlled copy from its sections' stamped files, written to `outputPath` (manual-copy.ts). */
  manual: {
    input: ManualCopyInput;
    output: { pages: number; size: number };
  };
  /** A vessel's inspection pack (inspection-pack.ts). */
  inspection: {
    input: InspectionPackInput;
    output: { pdf: Uint8Array; pages: number };
  };
  /** An itinerary spreadsheet (.xlsx or .csv) as tables, `maxRows` per sheet at most. */
  table: {
    input: { kind: 'xlsx' | 'csv'; data: Uint8Array; maxRows: number };
    output: { sheets: TableSheet[] };
  };
}

export type DocumentTaskKind = keyof DocumentTasks;

type TaskTable = { [K in DocumentTaskKind]: (input: DocumentTasks[K]['input']) => Promise<DocumentTasks[K]['output']> };

/** Bytes arrive over IPC as a plain Uint8Array; the renderers take a Buffer over the same memory. */
const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

export const DOCUMENT_TASKS: TaskTable = {
  async preview({ mimeType, data }) {
    const render = mimeType === PDF ? renderFirstPage : mimeType === DOCX ? renderDocxFirstPage : null;
    if (!render) throw new DocumentRefused(`Previews are made for PDF and Word (docx) files, not ${mimeType}`);
    const page = await render(asBuffer(data));
    return { png: page.data, width: page.width, height: page.height };
  },
  text: ({ mimeType, data }) => extractText(mimeType, asBuffer(data)),
  async html({ mimeType, data }) {
    if (mimeType !== DOCX) throw new DocumentRefused(`Only Word (docx) files are converted for reading, not ${mimeType}`);
    return convertDocxToHtml(asBuffer(data));
  },
  stamp: stampPdf,
  manual: makeManualCopy,
  table: readSpreadsheetTable,
  inspection: makeInspectionPack,
};
