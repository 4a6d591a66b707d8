import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { type Database, openDatabase } from '../db/client';
import { TEST_SESSION_SECRET } from '../test/factories';

const BIG_SCRIPT = `console.log(${JSON.stringify('SOP Harbor '.repeat(500))});`;

/** The built client served beside the API (@fastify/static), as `npm start` does. */
let app: App;
let database: Database;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'sop-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>SOP Harbor</title></head><body><div id="root"><p class="text-sm" data-shell-loading></p></div></body></html>',
  );
  // As the build lists them: each language's catalog chunk (English's is the message parser).
  writeFileSync(
    path.join(clientDir, 'shell-languages.json'),
    JSON.stringify({
      catalogs: {
        en: 'assets/parser-1.js',
        hi: 'assets/messages-hi.js',
        fil: 'assets/messages-fil.js',
        es: 'assets/messages-es.js',
        uk: '//elsewhere.example/x.js',
      },
      // Each language's word for the line shown while the scripts download; a translator's '<' stays text.
      loading: { en: 'Loading', hi: 'लोड हो रहा है', fil: 'Naglo-load', es: 'Cargando <…>' },
    }),
  );
  writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log("SOP Harbor");');
  // As the build writes them: a large script with its Brotli twin, and an unhashed public file.
  writeFileSync(path.join(clientDir, 'assets', 'big.js'), BIG_SCRIPT);
  writeFileSync(path.join(clientDir, 'assets', 'big.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The installable app's files, as vite-plugin-pwa writes them at the root of the build.
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"SOP Harbor"}');
  database = await openDatabase({ dataDir: 'memory://' });
  app = await buildApp({ db: database.db, sessionSecret: TEST_SESSION_SECRET, clientDir });
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the client shell', () => {
  it('serves built assets as files', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toBe('console.log("SOP Harbor");');
  });

  it('caches the content-hashed assets for good, and revalidates anything else', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the manifest revalidated on every visit, so a new build takes over', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toEqual({ name: 'SOP Harbor' });
  });

  it("lets the page register its own service worker and manifest, and nobody else's", async () => {
    const page = await app.inject({ method: 'GET', url: '/documents' });
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("script-src 'self'");
  });

  it('sends the Brotli file written at build time when the browser takes Brotli', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject({ method: 'GET', url: '/assets/big.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers every screen route with index.html, never cached without revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/documents', cookies: { theme: 'dark' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it("starts the page in the device's language, its catalog named to download beside the entry script and its loading line in the language", async () => {
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
    const hindi = await app.inject({ method: 'GET', url: '/sop/22', cookies: { 'sop-harbor-language': 'hi' }, headers: { 'accept-language': 'es' } });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain(`${preload('assets/messages-hi.js')}</head>`);
    expect(hindi.body).not.toContain('messages-es');
    // While the scripts download, the page says so in the language.
    expect(hindi.body).toContain('<p class="text-sm" data-shell-loading>लोड हो रहा है</p>');
    // The page differs by cookie and browser language: no cache may give one person's to another.
    expect(hindi.headers.vary).toMatch(/Cookie/);
    expect(hindi.headers.vary).toMatch(/Accept-Language/);
    expect(hindi.headers['cache-control']).toBe('no-cache');
    // No cookie yet (a first visit): the browser's language, as the page itself decides.
    const filipino = await app.inject({ method: 'GET', url: '/auth', headers: { 'accept-language': 'tl-PH,tl;q=0.9,en;q=0.5' } });
    expect(filipino.body).toContain('<html lang="fil">');
    expect(filipino.body).toContain(preload('assets/messages-fil.js'));
    // A cookie naming no language of ours counts for nothing.
    const spanish = await app.inject({ method: 'GET', url: '/', cookies: { 'sop-harbor-language': 'xx' }, headers: { 'accept-language': 'es-MX' } });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain(preload('assets/messages-es.js'));
    expect(spanish.body).toContain('data-shell-loading>Cargando &lt;…&gt;</p>');
    const english = await app.inject({ method: 'GET', url: '/' });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain(preload('assets/parser-1.js'));
    expect(english.body).toContain('data-shell-loading>Loading</p>');
    // A listed file that is not a plain path of the build is never named.
    const ukrainian = await app.inject({ method: 'GET', url: '/', cookies: { 'sop-harbor-language': 'uk' } });
    expect(ukrainian.body).toContain('<html lang="uk">');
    expect(ukrainian.body).not.toContain('modulepreload');
    expect(ukrainian.body).not.toContain('elsewhere.example');
    // A language the build lists no word for keeps the page as built: the spinner alone.
    expect(ukrainian.body).toContain('data-shell-loading></p>');
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such endpoint: GET /api/no-such-thing', code: 'not_found' });
  });
});
