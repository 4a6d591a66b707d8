import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/lingui-macro';
import { VitePWA } from 'vite-plugin-pwa';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import { LANGUAGE_CODES } from './common/languages';

const apiPort = process.env.PORT ?? '5000';

/**
 * Writes name.br and name.gz beside every script (the PDF worker's .mjs too), stylesheet and SVG of the build, at the
 * highest settings: the server sends these as they are (@fastify/static preCompressed), so
 * ships on a satellite link get smaller files and the server never compresses them again.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'sop-harbor:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(m?js|css|svg|html)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const body = await readFile(file);
          if (body.length < 1024) return;
          await writeFile(`${file}.br`, await brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
          await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
        }),
      );
    },
  };
}

/** The file the server reads to start the page in a language: its catalog and its loading line. */
const SHELL_LANGUAGES = 'shell-languages.json';

/**
 * Writes `shell-languages.json`, what the server puts in the page for each language:
 * - `catalogs`: the language's catalog chunk (English's: the message parser). The server names it in
 *   the page (`<link rel="modulepreload">`), so it downloads beside the entry script instead of once
 *   that script has run: a round trip less before the first screen. Only the catalog: the screens'
 *   shared chunks named there too took bandwidth from the entry script and painted later
 *   (Lighthouse, this machine).
 * - `loading`: the spinner's word ('Loading') as the language's catalog has it, for the line the page
 *   shows while its scripts download (index.html, `data-shell-loading`).
 */
function shellLanguages(): Plugin {
  return {
    name: 'sop-harbor:shell-languages',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const catalogs: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const language = /[\\/]locales[\\/]([a-z]+)[\\/]messages\.po$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (language) catalogs[language] = chunk.fileName;
        // English has no catalog: what it loads is the message parser (lib/i18n.ts).
        if (/[\\/]@lingui[\\/]message-utils[\\/].*compileMessage/.test(chunk.facadeModuleId ?? '')) catalogs.en = chunk.fileName;
      }
      // The catalogs as Lingui reads them (lingui.config.ts: their files and format), English's too.
      const [catalog] = await getCatalogs(getConfig({ cwd: import.meta.dirname, skipValidation: true }));
      const loading: Record<string, string> = {};
      for (const language of LANGUAGE_CODES) {
        const messages = await catalog.read(language);
        const translation = Object.values(messages ?? {}).find((entry) => entry.message === 'Loading' && !entry.context && !entry.obsolete)?.translation;
        if (translation) loading[language] = translation;
      }
      this.emitFile({ type: 'asset', fileName: SHELL_LANGUAGES, source: JSON.stringify({ catalogs, loading }) });
    },
  };
}

/**
 * Lingui's core imports its message parser for development builds only, and the parser builds its
 * lexer as the module loads: in the build that import is cut, so the parser stays out of the entry
 * script and is fetched, in a chunk of its own, by English alone (lib/i18n.ts).
 */
function linguiCoreWithoutParser(): Plugin {
  const stub = '\0lingui-core-parser';
  return {
    name: 'sop-harbor:lingui-core-without-parser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@lingui/message-utils/compileMessage' && importer && /[\\/]@lingui[\\/]core[\\/]/.test(importer)) return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return "export function compileMessage() { throw new Error('The message parser is loaded with English (lib/i18n.ts)'); }";
    },
  };
}

/** Node packages whose code only screens with dialogs, menus and selects need (Radix and its helpers). */
const RADIX =
  /node_modules[\\/](radix-ui|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|detect-node-es|get-nonce)[\\/]/;
/** The app's own shared building blocks, and the small libraries they use. */
const SHARED_UI =
  /client[\\/]src[\\/](components|hooks|lib)[\\/]|client[\\/]src[\\/]features[\\/][^\\/]+[\\/](api|list-params|status-badge)\.tsx?$|common[\\/](?!contracts[\\/])|node_modules[\\/](date-fns|clsx|class-variance-authority|tailwind-merge)[\\/]/;

/** Navy of the header (DESIGN.md): the installed app's title bar and splash. */
const NAVY = '#0b2545';

/**
 * The installable app: manifest, and a service worker (client/src/sw.ts) that precaches the
 * whole built shell (every screen's code) and keeps the signed-in user's reads for offline use.
 * Only in the build: the dev server runs without a worker.
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: 'script-defer',
  registerType: 'autoUpdate',
  manifest: {
    name: 'SOP Harbor',
    short_name: 'SOP Harbor',
    description: 'Document control for cruise ship operations',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: NAVY,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The precompressed twins (.br, .gz) are the same files: the browser asks for the plain name.
    // .mjs: the document reader's PDF worker (pdf.js), so a kept PDF opens with no link.
    globPatterns: ['**/*.{js,mjs,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

export default defineConfig({
  root: 'client',
  // linguiMacro before React: the macros become message descriptors; lingui() compiles the
  // PO catalogs a language's chunk imports.
  plugins: [linguiCoreWithoutParser(), linguiMacro(), react(), lingui(), tailwindcss(), precompress(), shellLanguages(), installableApp],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'client/src'),
      '@common': path.resolve(import.meta.dirname, 'common'),
    },
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Left alone, the bundler cuts the screens' shared code into ~60 files (one per icon,
        // one per small component); a procedures page then waited on 25 requests, six at a
        // time over HTTP/1.1, each a round trip on a slow link. Grouped: the app shell in one
        // file, and a screen in at most a handful.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 10 },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 4 },
            // Form validation: only screens with forms (sign-in, SOP form, admin dialogs). A zod contract
            // imported by value into the shell or `ui` would bring it onto every page (app/shell-imports.test.ts).
            { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/, priority: 3 },
            { name: 'ui', test: (id) => RADIX.test(id) || SHARED_UI.test(id), minShareCount: 2, priority: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': {
        target: `http://127.0.0.1:${apiPort}`,
        // The server refuses cross-site writes by Origin; in dev the proxy speaks for the page.
        configure: (proxy) => proxy.on('proxyReq', (req) => req.removeHeader('origin')),
      },
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
});
