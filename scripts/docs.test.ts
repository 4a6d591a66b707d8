import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs say what is true of the code: every file or folder they name in backticks or link to
 * exists (a file named from inside its tree, somewhere in the repository), every `npm run` script they name is in package.json, and every decision record is
 * listed in the index with a status line and a date.
 */
const root = path.resolve(import.meta.dirname, '..');
const decisionsDir = path.join(root, 'docs/decisions');
const decisionFiles = readdirSync(decisionsDir).filter((f) => /^\d{3}-.*\.md$/.test(f));
const docs = [
  'README.md',
  'bench/README.md',
  'docs/architecture.md',
  'docs/operations.md',
  'docs/decisions/README.md',
  ...decisionFiles.map((f) => `docs/decisions/${f}`),
];
const read = (doc: string) => readFileSync(path.join(root, doc), 'utf8');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
/** A source file named from inside its tree (`ship-link.ts`, `files/store-location.ts`). */
const SHORT_FILE = /^[\w.-][\w./-]*\.(ts|tsx|mjs|cjs|sh|conf|sql|css)$/;
const isTracked = (short: string) => tracked.some((f) => f === short || f.endsWith(`/${short}`));
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** Top-level folders whose paths a doc may name; anything else in backticks (routes, subjects, settings) is not a file. */
const TOP = ['server/', 'client/', 'common/', 'e2e/', 'bench/', 'scripts/', 'deploy/', 'docs/', '.ci/'];

function namedPaths(doc: string, text: string): string[] {
  const found: string[] = [];
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const token of code.split(/[\s,;()]+/)) {
      const clean = token.replace(/[.:]+$/, '').replace(/#.*$/, '');
      const fromTop = TOP.some((top) => clean.startsWith(top));
      if (!fromTop && SHORT_FILE.test(clean)) {
        if (!isTracked(clean)) found.push(clean);
        continue;
      }
      if (!fromTop) continue;
      // Patterns and placeholders name a family of files, not one.
      if (/[*<>{}$]|\.\.\./.test(clean)) continue;
      found.push(clean);
    }
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    found.push(path.relative(root, path.resolve(root, path.dirname(doc), target.replace(/#.*$/, ''))));
  }
  return found;
}

describe('the docs', () => {
  it.each(docs)('%s names only files and folders that exist', (doc) => {
    const missing = namedPaths(doc, read(doc)).filter((p) => !existsSync(path.join(root, p)));
    expect(missing).toEqual([]);
  });

  it.each(docs)('%s names only npm scripts that exist', (doc) => {
    const named = [...read(doc).matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it('lists every decision record in the index, each with a status line and a date', () => {
    const index = read('docs/decisions/README.md');
    expect(decisionFiles.filter((f) => !index.includes(`(${f})`))).toEqual([]);
    const undated = decisionFiles.filter((f) => !/^Status: (accepted|superseded)[^\n]*\d{4}-\d{2}-\d{2}/m.test(read(`docs/decisions/${f}`)));
    expect(undated).toEqual([]);
  });
});
