// Stopping is the server's call: it ends its workers itself, and they exit when it goes away.
// The SIGTERM or SIGINT that `systemctl stop` or Ctrl-C sends the whole process group must not
// end a document half-done (its job would count it as the document's fault).
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => {});
// The document worker's entry, in plain JavaScript on purpose: the heavy libraries load
// through Node's own loader first (through tsx's on-the-fly transform they take about four
// times as long to start and three times the memory), then tsx loads our TypeScript.
await Promise.all([
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
  import('@napi-rs/canvas'),
  import('mammoth'),
  import('pdf-lib'),
  import('@pdf-lib/fontkit'),
  import('exceljs'),
]);
const { register } = await import('tsx/esm/api');
register();
await import('./worker-main.ts');
