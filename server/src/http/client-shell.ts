import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_COOKIE, type LanguageCode, startingLanguageOf } from '../../../common/languages';
import { staticAssetHeaders } from './cache-headers';
import { notFound } from './errors';

/** Written by the build beside index.html: each language's catalog chunk and its word for 'Loading'. */
const SHELL_LANGUAGES = 'shell-languages.json';

/**
 * The built client beside the API, when `clientDir` holds one: its files as they are, and the
 * page (index.html) for every screen path. Without one (API-only tests) an unknown path is a 404 answer.
 */
export async function registerClientShell(app: FastifyInstance, clientDir: string | undefined) {
  const indexHtml = clientDir ? path.join(clientDir, 'index.html') : undefined;
  const serveClient = indexHtml !== undefined && existsSync(indexHtml);
  const page = serveClient ? pageFor(path.resolve(clientDir!)) : undefined;
  if (serveClient) {
    const root = path.resolve(clientDir!);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Brotli and gzip files written beside each asset at build time (vite.config.ts) are sent
      // as they are, instead of compressing the same bytes again on every request.
      preCompressed: true,
      setHeaders: (reply, filePath) => staticAssetHeaders(reply, filePath, root),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    // '//api/..' and '/API/..' are API paths a client mistyped, not screens of the app.
    if (/^\/+api(\/|$)/i.test(pathname) || !page) throw notFound(`No such endpoint: ${request.method} ${pathname}`);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
    // Every screen route (and unknown paths, which the client renders as 'Page Not Found'), in
    // the language the page will start in: it depends on the language cookie and the browser's.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .send(page(startingLanguageOf(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language'])));
  });
}

/**
 * The page in each language:
 * - `<html lang>` set;
 * - `<link rel="modulepreload">` for the language's catalog, which the first screen waits for. The
 *   browser fetches it beside the entry script instead of once that script has run: on a satellite
 *   link, a round trip less before the first screen;
 * - the line shown while the scripts download ('Loading', `data-shell-loading`) in the language:
 *   drawn before any script runs, so on a slow link the person sees, in their language, that the
 *   app is on its way instead of a blank page.
 * A build without the list gets the page as built, with its language.
 */
function pageFor(root: string): (language: LanguageCode) => string {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const { catalogs, loading } = readShellLanguages(path.join(root, SHELL_LANGUAGES));
  const pages = new Map<LanguageCode, string>();
  return (language) => {
    let built = pages.get(language);
    if (built === undefined) {
      const catalog = catalogs[language];
      const link = catalog ? `<link rel="modulepreload" crossorigin href="/${catalog}">` : '';
      const word = loading[language];
      built = html.replace(/<html\b[^>]*>/i, `<html lang="${language}">`).replace('</head>', `${link}</head>`);
      if (word) built = built.replace(/(<[^>]*\bdata-shell-loading\b[^>]*>)[^<]*</, (_, tag: string) => `${tag}${escapeHtml(word)}<`);
      pages.set(language, built);
    }
    return built;
  };
}

/**
 * What the build listed for each language: its catalog (only a script of the build's own assets
 * folder) and its word for 'Loading'.
 */
function readShellLanguages(file: string): { catalogs: Partial<Record<string, string>>; loading: Partial<Record<string, string>> } {
  if (!existsSync(file)) return { catalogs: {}, loading: {} };
  const listed = JSON.parse(readFileSync(file, 'utf8')) as { catalogs?: Record<string, unknown>; loading?: Record<string, unknown> };
  const strings = (entries: Record<string, unknown> | undefined) =>
    Object.entries(entries ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return {
    catalogs: Object.fromEntries(strings(listed.catalogs).filter(([, file]) => /^assets\/[\w.-]+\.m?js$/.test(file))),
    loading: Object.fromEntries(strings(listed.loading)),
  };
}

/** Text as HTML: the catalogs are ours, but a translator's '&' or '<' must still read as written. */
const escapeHtml = (text: string) => text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
