import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import mammoth from 'mammoth';

export interface RenderedPreview {
  data: Buffer;
  width: number;
  height: number;
}

/** Wide enough to read headings in the 400 px-high preview box, small enough to store cheaply. */
const TARGET_WIDTH = 800;

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

let pdfjsReady: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
function loadPdfjs() {
  pdfjsReady ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((pdfjs) => {
    // In Node pdfjs runs its worker in-process ("fake worker") from this module.
    pdfjs.GlobalWorkerOptions.workerSrc = pathToFileURL(path.join(pdfjsRoot, 'legacy/build/pdf.worker.mjs')).href;
    return pdfjs;
  });
  return pdfjsReady;
}

/** Page 1 of a PDF as a PNG, TARGET_WIDTH pixels wide. */
export async function renderFirstPage(pdf: Buffer): Promise<RenderedPreview> {
  const pdfjs = await loadPdfjs();
  const document = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: TARGET_WIDTH / base.width });
    const width = Math.ceil(viewport.width);
    const height = Math.ceil(viewport.height);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return { data: canvas.toBuffer('image/png'), width, height };
  } finally {
    await document.destroy();
  }
}

/** A DOCX's first lines of text on a white A4-shaped page (layout is not reproduced, the words are). */
export async function renderDocxFirstPage(docx: Buffer): Promise<RenderedPreview> {
  const { value } = await mammoth.extractRawText({ buffer: docx });
  const width = TARGET_WIDTH;
  const height = Math.round(width * 1.414);
  const margin = 60;
  const lineHeight = 22;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#1f2933';
  context.textBaseline = 'top';

  const paragraphs = value.split(/\n+/).map((p) => p.trim()).filter(Boolean);
  const lines: { text: string; heading: boolean }[] = [];
  for (const [index, paragraph] of paragraphs.entries()) {
    const heading = index === 0;
    context.font = heading ? 'bold 22px "DejaVu Sans", sans-serif' : '15px "DejaVu Sans", sans-serif';
    for (const line of wrap(paragraph, (s) => context.measureText(s).width, width - margin * 2)) lines.push({ text: line, heading });
    lines.push({ text: '', heading: false });
  }
  let y = margin;
  for (const line of lines.slice(0, 50)) {
    if (y > height - margin) break;
    context.font = line.heading ? 'bold 22px "DejaVu Sans", sans-serif' : '15px "DejaVu Sans", sans-serif';
    context.fillText(line.text, margin, y);
    y += line.heading ? 32 : line.text ? lineHeight : lineHeight / 2;
  }
  return { data: canvas.toBuffer('image/png'), width, height };
}

function wrap(text: string, measure: (s: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(candidate) > maxWidth) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
