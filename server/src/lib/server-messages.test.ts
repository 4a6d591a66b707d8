import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { roleRefusal, TRANSITIONS, type Transition } from '../../../common/sop-lifecycle';
import { MANUAL_COPIES_AT_ONCE, TOO_MANY_JOBS_MESSAGE } from '../features/manuals/manual-copy-jobs.service';
import { isTranslated, TRANSLATED_SENTENCES, translateMessage } from './server-messages';

const ROOT = join(import.meta.dirname, '../../..');
const HELPERS = new Set(['badRequest', 'notFound', 'forbidden', 'conflict', 'unauthorized', 'tooManyRequests', 'payloadTooLarge', 'unsupportedType']);

/** Not yet translated: said here so the list is explicit. Each stays English until it is. */
const LEFT_ENGLISH = new Set<string>([
  // Read by developers and the office's integrations, not by crew: a request the app never sends.
  'Must be base64url',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The refusal sentences written as string literals: helper calls, HttpError, zod messages, message constants. */
function refusalLiterals(): Set<string> {
  const found = new Set<string>();
  const take = (node: ts.Node | undefined) => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.add(node.text);
    else if (ts.isConditionalExpression(node)) [node.whenTrue, node.whenFalse].forEach(take);
    else if (ts.isParenthesizedExpression(node)) take(node.expression);
  };
  const scan = (file: string, kind: 'server' | 'contract' | 'constants') => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && HELPERS.has(node.expression.text)) take(node.arguments[0]);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'HttpError') take(node.arguments?.[1]);
      if (kind === 'contract') {
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ['min', 'max', 'regex', 'length', 'refine', 'int', 'email'].includes(node.expression.name.text)
        )
          node.arguments.forEach(take);
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['error', 'message'].includes(node.name.text)) take(node.initializer);
      }
      // Message constants (SERVER_ERROR_MESSAGE, RESUBMIT_NEEDS_NEW_VERSION, the multipart tables).
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /MESSAGE|RESUBMIT|UNDER_REVIEW/.test(node.name.text) && node.initializer) {
        take(node.initializer);
        if (ts.isObjectLiteralExpression(node.initializer)) for (const p of node.initializer.properties) if (ts.isPropertyAssignment(p)) take(p.initializer);
        if (ts.isArrayLiteralExpression(node.initializer)) for (const e of node.initializer.elements) if (ts.isArrayLiteralExpression(e)) take(e.elements[1]);
      }
      if (kind === 'constants' && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'message') take(node.initializer);
      ts.forEachChild(node, visit);
    };
    visit(source);
  };
  for (const file of sourceFiles(join(ROOT, 'server/src'))) scan(file, /error-handler|multipart-errors/.test(file) ? 'constants' : 'server');
  for (const file of sourceFiles(join(ROOT, 'common/contracts'))) scan(file, 'contract');
  scan(join(ROOT, 'common/sop-lifecycle.ts'), 'server');
  // The embedded database's own refusal (a statement the app never makes) is not a person's.
  found.delete("The embedded database runs the app in its own role; a statement that changes the session's role is refused.");
  // The default arguments of the helpers in errors.ts.
  for (const sentence of ['Unauthorized', 'You do not have permission to do this', 'Not found', 'File is larger than the 10 MB limit']) found.add(sentence);
  return found;
}

describe('the server refusals in five languages', () => {
  it('translates every literal refusal of the server and the shared contract', () => {
    const literals = [...refusalLiterals()];
    expect(literals.length).toBeGreaterThan(150);
    const missing = literals.filter((sentence) => !LEFT_ENGLISH.has(sentence) && !isTranslated(sentence));
    expect(missing).toEqual([]);
  });

  it('translates the role refusals of every transition', () => {
    const missing = Object.keys(TRANSITIONS)
      .map((transition) => roleRefusal(transition as Transition).message)
      .filter((sentence) => !isTranslated(sentence));
    expect(missing).toEqual([]);
  });

  it('keeps no translation the server no longer says', () => {
    const literals = refusalLiterals();
    const roles = new Set(Object.keys(TRANSITIONS).map((transition) => roleRefusal(transition as Transition).message));
    expect(TRANSLATED_SENTENCES.filter((sentence) => !literals.has(sentence) && !roles.has(sentence))).toEqual([]);
  });

  it('fills the numbers into the patterns, and translates sentences joined by "; " one by one', () => {
    expect(translateMessage('Too many wrong passwords. Try again in 3 minutes.', 'uk')).toBe(
      'Забагато неправильних паролів. Спробуйте ще раз через 3 хвилини.',
    );
    expect(translateMessage('Too many wrong passwords. Try again in 1 minute.', 'es')).toBe(
      'Demasiadas contraseñas incorrectas. Inténtelo de nuevo dentro de 1 minuto.',
    );
    expect(translateMessage(TOO_MANY_JOBS_MESSAGE, 'es')).toBe(
      `Se pueden preparar a la vez como máximo ${MANUAL_COPIES_AT_ONCE} copias controladas para usted: espere a que termine una`,
    );
    expect(translateMessage('Title is required; Content is required', 'id')).toBe('Judul wajib diisi; Isi wajib diisi');
    expect(translateMessage('Title is required', 'en')).toBe('Title is required');
    expect(translateMessage('Not a sentence the server says', 'hi')).toBe('Not a sentence the server says');
  });
});
