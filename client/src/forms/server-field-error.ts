import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-error';

/** The input a refusal is about: the error answer's `field`, as the request spelled it ('password'). */
export function refusedField(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return undefined;
  const { field } = error.body as { field?: unknown };
  return typeof field === 'string' && field ? field : undefined;
}

/**
 * A refusal about one of the form's fields is shown beside that field, in the server's words,
 * and the field takes the focus: the toast alone would leave the person looking for it.
 */
export function showBesideField<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly Path<T>[]): boolean {
  const field = refusedField(error);
  const named = fields.find((name) => name === field);
  if (!named || !(error instanceof ApiError)) return false;
  form.setError(named, { type: 'server', message: error.message }, { shouldFocus: true });
  return true;
}
