// The document worker's entry, in plain JavaScript on purpose: the heavy libraries load
// through Node's own loader first (through tsx's on-the-fly transform they take about four
// times as long to start and three times the memory), then tsx loads our TypeScript.
await Promise.all([
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  import('@napi-rs/canvas'),
  import('mammoth'),
  import('pdf-lib'),
  import('exceljs'),
]);
const { register } = await import('tsx/esm/api');
register();
await import('./worker-main.ts');
