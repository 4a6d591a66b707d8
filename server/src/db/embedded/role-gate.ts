/**
 * The embedded database has one backend session, and PGlite always runs it as the superuser it
 * was created with. The app's statements run under `SET ROLE` as a role that owns nothing (so it
 * cannot alter, disable or truncate the audit trail), and this gate keeps them there: a statement
 * that would change the session's role back (`SET ROLE`, `RESET ROLE`, `SET SESSION
 * AUTHORIZATION`, the `role` and `session_authorization` settings, `DISCARD ALL`) never reaches
 * PGlite. `set_config()` and `DO` blocks are closed by privileges instead (see host.ts).
 *
 * The text is read the way PostgreSQL's lexer reads it: comments, string constants (standard,
 * E'' and dollar-quoted) and quoted identifiers are skipped, statements split at top-level `;`,
 * and the first words of each statement compared.
 */

const REFUSED_SETTINGS = new Set(['role', 'session_authorization']);

/** True when one of the statements in `sql` would change the session's role. */
export function changesSessionRole(sql: string): boolean {
  for (const words of statements(sql)) {
    const [first, second, third] = words;
    if (first === 'discard' && second === 'all') return true;
    if (first !== 'set' && first !== 'reset') continue;
    // SET [SESSION | LOCAL] name ..., RESET name, SET [SESSION | LOCAL] SESSION AUTHORIZATION ...
    const rest = second === 'local' || (second === 'session' && third !== 'authorization') ? words.slice(2) : words.slice(1);
    if (rest[0] === 'session' && rest[1] === 'authorization') return true;
    if (rest[0] !== undefined && REFUSED_SETTINGS.has(rest[0])) return true;
  }
  return false;
}

/** The first few words of each statement, lower-cased, quoted identifiers too (`"ROLE"` is `role`). */
function statements(sql: string): string[][] {
  const all: string[][] = [];
  let words: string[] = [];
  let i = 0;
  const n = sql.length;
  const push = (word: string) => {
    if (words.length < 4) words.push(word);
  };
  while (i < n) {
    const c = sql[i];
    const next = sql[i + 1];
    if (c === ';') {
      all.push(words);
      words = [];
      i += 1;
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      // Block comments nest in PostgreSQL.
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth += 1;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth -= 1;
          i += 2;
        } else i += 1;
      }
    } else if (c === "'") {
      i = endOfString(sql, i + 1, false);
      push('');
    } else if (c === '"') {
      let name = '';
      i += 1;
      while (i < n) {
        if (sql[i] === '"' && sql[i + 1] === '"') {
          name += '"';
          i += 2;
        } else if (sql[i] === '"') {
          i += 1;
          break;
        } else name += sql[i++];
      }
      // Setting names are matched without regard to case, quoted or not.
      push(name.toLowerCase());
    } else if (c === '$' && /[A-Za-z_\u0080-\uffff$]/.test(next ?? '')) {
      const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i));
      if (tag) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? n : end + tag[0].length;
        push('');
      } else i += 1;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(sql[j])) j += 1;
      const word = sql.slice(i, j).toLowerCase();
      // E'...' is a string with backslash escapes (U&'...', B'...' and the rest are plain).
      if (word === 'e' && sql[j] === "'") {
        i = endOfString(sql, j + 1, true);
        push('');
      } else {
        push(word);
        i = j;
      }
    } else if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.$]/.test(sql[j])) j += 1;
      push('');
      i = j;
    } else {
      if (!/\s/.test(c)) push(c);
      i += 1;
    }
  }
  all.push(words);
  return all;
}

/** Index after the closing quote of a string constant whose body starts at `i`. */
function endOfString(sql: string, i: number, backslashEscapes: boolean): number {
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === "'" && sql[i + 1] === "'") i += 2;
    else if (c === "'") return i + 1;
    else i += 1;
  }
  return sql.length;
}
