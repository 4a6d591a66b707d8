import type { AuditFieldChange, AuditFieldValue } from '@common/contracts/audit';

/** A value before or after an edit as a person reads it: 'Yes', 'mooring, lines', '(none)'. */
function valueWords(value: AuditFieldValue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** One changed field: 'Department: Deck → Hotel'. */
export const changeWords = (change: AuditFieldChange) => `${change.label}: ${valueWords(change.from)} → ${valueWords(change.to)}`;
