import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 027: the first paint holds only while the app's entry stays small. The bundler puts
// everything main.tsx reaches through static imports into the entry, and the shared building
// blocks (components, hooks, lib) into the `ui` chunk every screen loads. A value import of a
// zod contract in either brings zod (about 95 KB) back onto every page; type imports are erased.

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCE = /\.tsx?$/;
/** Packages only screens with forms (or a date to format) may load. */
const KEPT_OUT = /^(zod|react-hook-form|@hookform\/.*|date-fns(\/.*)?)$/;

/** The modules a file imports by value: `import type` and all-`type` braces are erased by the build; `import()` is lazy. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const [, clause, from] of text.matchAll(/^(?:import|export)\s+([^'";]*?)\s*from\s+'([^']+)'/gm)) {
    if (/^type\s/.test(clause)) continue;
    const braces = clause.match(/^\{([^}]*)\}$/);
    if (braces?.[1].split(',').every((name) => /^\s*(type\s|$)/.test(name))) continue;
    found.push(from);
  }
  for (const [, from] of text.matchAll(/^import\s+'([^']+)'/gm)) found.push(from);
  return found;
}

/** A source file's path for an import, or the package name for anything from node_modules. */
function resolve(from: string, spec: string): { file: string } | { pkg: string } | null {
  const base = spec.startsWith('@/')
    ? path.join(root, 'client/src', spec.slice(2))
    : spec.startsWith('@common/')
      ? path.join(root, 'common', spec.slice(8))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(from), spec)
        : null;
  if (!base) return { pkg: spec };
  const file = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => SOURCE.test(f) && existsSync(f));
  return file ? { file } : null;
}

/** Every source file and package reached from `start` through value imports. */
function reach(start: string[]) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const spec of valueImports(file)) {
      const target = resolve(file, spec);
      if (target && 'pkg' in target) packages.add(target.pkg);
      else if (target) queue.push(target.file);
    }
  }
  return { files: [...files].map((f) => path.relative(root, f)), packages: [...packages] };
}

const sourcesUnder = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(root, dir, f));

/** What of a reach the first paint must not load: zod contracts, and the kept-out packages (date-fns allowed where a screen formats dates). */
const keptOut = ({ files, packages }: ReturnType<typeof reach>, allowDateFns: boolean) => ({
  contracts: files.filter((f) => f.startsWith('common/contracts/')),
  packages: packages.filter((p) => KEPT_OUT.test(p) && !(allowDateFns && p.startsWith('date-fns'))),
});
const NOTHING = { contracts: [], packages: [] };

describe('what the first paint loads', () => {
  it('the entry (everything main.tsx imports by value) holds no zod contract, form library or date-fns', () => {
    const entry = reach([path.join(root, 'client/src/main.tsx')]);
    expect(entry.files).toContain('client/src/app/screens.ts');
    expect(keptOut(entry, false)).toEqual(NOTHING);
  });

  it('the shared building blocks every screen loads import no zod contract or form library by value', () => {
    expect(keptOut(reach(['client/src/components', 'client/src/hooks', 'client/src/lib'].flatMap(sourcesUnder)), true)).toEqual(NOTHING);
  });

  // The three screens the first-paint figures are measured on: a form library or zod contract
  // reached from them is fetched before they paint (a dialog's form must load lazily).
  it.each([
    ['/', 'client/src/app/pages/dashboard-page.tsx'],
    ['/documents', 'client/src/features/sops/procedures-page.tsx'],
    ['/sop/:id', 'client/src/app/pages/sop-detail-page.tsx'],
  ])('the %s screen imports no zod contract or form library by value', (_path, page) => {
    expect(keptOut(reach([path.join(root, page)]), true)).toEqual(NOTHING);
  });
});
