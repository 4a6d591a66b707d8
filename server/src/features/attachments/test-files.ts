import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A one-page PDF with a heading, generated the way a real authoring tool would. */
export async function makePdf(title: string, lines: string[] = []): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const page = pdf.addPage([595, 842]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 50, y: 780, size: 20, font: bold });
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font: regular }));
  return Buffer.from(await pdf.save());
}

/** A DOCX with a heading and paragraphs. */
export async function makeDocx(title: string, paragraphs: string[] = []): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: [new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 }), ...paragraphs.map((p) => new Paragraph(p))] }],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

/** A multipart/form-data body for app.inject: each file in the given field. */
export function multipart(files: { field?: string; name: string; data: Buffer; type?: string }[]) {
  const boundary = `----sop-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
