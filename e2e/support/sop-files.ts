import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real one-page PDF (so the server's sniffing accepts it and can render a preview). */
export async function makePdf(name: string, heading: string, lines: string[] = []): Promise<UploadFile> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: 772, width: 595, height: 70, color: rgb(0.04, 0.15, 0.27) });
  page.drawText(heading, { x: 40, y: 798, size: 22, font: bold, color: rgb(1, 1, 1) });
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 730 - i * 22, size: 13, font }));
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) };
}
