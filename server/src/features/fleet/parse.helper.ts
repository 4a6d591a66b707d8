import type { z } from 'zod';

/** The message's bytes as its contract's value, or undefined when they are not JSON or do not fit it. */
export function parseJson<S extends z.ZodType>(schema: S, data: Uint8Array): z.output<S> | undefined {
  const result = parseJsonResult(schema, data);
  return result.ok ? result.value : undefined;
}

/** The message's bytes as its contract's value, or the reason they are refused, in words. */
export function parseJsonResult<S extends z.ZodType>(schema: S, data: Uint8Array): { ok: true; value: z.output<S> } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: `does not fit its contract: ${issue.path.join('.') || '(message)'}: ${issue.message}` };
}
