import { buildPdf, buildXlsx } from '../../server/src/test/documents';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real one-page PDF (so the server's sniffing accepts it and can render a preview). */
export async function makePdf(name: string, heading: string, lines: string[] = []): Promise<UploadFile> {
  return { name, mimeType: 'application/pdf', buffer: await buildPdf({ title: heading, banner: { heading }, body: lines }) };
}

/** A real .xlsx itinerary with a header row and the given ports of call. */
export async function makeXlsx(name: string, rows: (string | number)[][]): Promise<UploadFile> {
  const buffer = await buildXlsx({ sheet: 'Ports', header: ['Day', 'Port', 'Arrival', 'Departure'], rows });
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}
