import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import mammoth from 'mammoth';
import { checkDocx } from './docx-checks';
import { DOCUMENT_LIMITS } from './document-limits';
import { checkPdf } from './pdf-checks';

export interface RenderedPreview {
  data: Buffer;
  width: number;
  height: number;
}

/** Wide enough to read headings in the 400 px-high preview box, small enough to store cheaply. */
const TARGET_WIDTH = 800;

const require = createRequire(import.meta.url);
export const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));

let pdfjsReady: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
export function loadPdfjs() {
  pdfjsReady ??= (async () => {
    const workerSrc = pathToFileURL(path.join(pdfjsRoot, 'legacy/build/pdf.worker.mjs')).href;
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import(workerSrc)]);
    // In Node pdfjs runs its worker in this same process ("fake worker"); handing it the
    // module already loaded saves the second import on the first document.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
    return pdfjs;
  })();
  return pdfjsReady;
}

/** Loads pdfjs ahead of the first task, so a worker's time limit measures rendering only. */
export async function warmUpRenderers() {
  await loadPdfjs();
}

/**
 * A PDF opened by pdfjs for any task (preview, text), its structure checked first: no eval,
 * no system fonts, and pdfjs's own image and canvas ceilings behind the checks.
 */
export async function openPdf(pdf: Buffer) {
  await checkPdf(pdf);
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({
    data: new Uint8Array(pdf),
    maxImageSize: DOCUMENT_LIMITS.imagePixels,
    canvasMaxAreaInBytes: DOCUMENT_LIMITS.canvasBytes,
    standardFontDataUrl: path.join(pdfjsRoot, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsRoot, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/**
 * Page 1 of a PDF as a PNG, TARGET_WIDTH pixels wide. The structure is checked first; pdfjs's
 * own image and canvas ceilings stand behind the checks (an inline image, say, is dropped).
 */
export async function renderFirstPage(pdf: Buffer): Promise<RenderedPreview> {
  const document = await openPdf(pdf);
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

type Block = { kind: 'title' | 'heading' | 'item' | 'text'; text: string };

const STYLE: Record<Block['kind'], { font: string; size: number; after: number }> = {
  title: { font: 'bold 26px "DejaVu Sans", sans-serif', size: 26, after: 14 },
  heading: { font: 'bold 18px "DejaVu Sans", sans-serif', size: 18, after: 8 },
  item: { font: '15px "DejaVu Sans", sans-serif', size: 15, after: 4 },
  text: { font: '15px "DejaVu Sans", sans-serif', size: 15, after: 10 },
};

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The document's blocks with their kind; the HTML is only read for structure, never rendered. */
async function docxBlocks(docx: Buffer): Promise<Block[]> {
  const { value: html } = await mammoth.convertToHtml({ buffer: docx });
  const blocks: Block[] = [];
  for (const match of html.matchAll(/<(h[1-6]|p|li)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g)) {
    const text = decode(match[2]);
    if (!text) continue;
    const tag = match[1];
    const kind = tag === 'h1' ? 'title' : tag.startsWith('h') ? 'heading' : tag === 'li' ? 'item' : 'text';
    blocks.push({ kind, text: kind === 'item' ? `\u2022 ${text}` : text });
  }
  return blocks;
}

/** A DOCX's first page of text on a white A4-shaped page: headings, paragraphs and bullets, not the exact layout. */
export async function renderDocxFirstPage(docx: Buffer): Promise<RenderedPreview> {
  checkDocx(docx);
  const width = TARGET_WIDTH;
  const height = Math.round(width * Math.SQRT2);
  const margin = 64;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.textBaseline = 'top';

  let y = margin;
  let lines = 0;
  for (const block of await docxBlocks(docx)) {
    const style = STYLE[block.kind];
    context.font = style.font;
    context.fillStyle = block.kind === 'title' || block.kind === 'heading' ? '#12335c' : '#1f2933';
    if (block.kind === 'heading') y += 8;
    for (const line of wrap(block.text, (s) => context.measureText(s).width, width - margin * 2)) {
      if (y + style.size > height - margin || lines >= 50) return { data: canvas.toBuffer('image/png'), width, height };
      context.fillText(line, margin, y);
      y += style.size + 6;
      lines += 1;
    }
    y += style.after;
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
