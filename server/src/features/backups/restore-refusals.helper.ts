/** Why a restore was refused, in one sentence an operator can act on (the CLI prints it as it is). */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/**
 * What went wrong, in one sentence an operator can act on, for the ways a backup file is
 * damaged: cut short, not gzip, not JSON, or rows this database refuses. Anything else (a
 * disk error, say) keeps its own message.
 */
export function asRefusal(err: unknown, name: string): unknown {
  if (err instanceof RestoreRefusedError || !(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'Z_BUF_ERROR') return new RestoreRefusedError(`${name} is cut short: the backup is incomplete.`);
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new RestoreRefusedError(`${name} is not an SOP Harbor backup (it is not a complete gzip file).`);
  if (err instanceof SyntaxError) return new RestoreRefusedError(`${name} is damaged: one of its lines is not valid JSON.`);
  // A row the database refuses (pg errors carry a five-character SQLSTATE).
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return new RestoreRefusedError(`${name} is damaged: this database refuses its rows (${err.message.replace(/\s+/g, ' ').slice(0, 200)}).`);
  }
  return err;
}
