import type { AuditFieldChange, AuditFieldValue } from '@common/contracts/audit';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/lib/i18n';

/** A value before or after an edit as a person reads it: 'Yes', 'mooring, lines', '(none)'. */
function valueWords(value: AuditFieldValue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return i18n._(msg`(none)`);
  if (typeof value === 'boolean') return i18n._(value ? msg`Yes` : msg`No`);
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** One changed field: 'Department: Deck → Hotel'. */
export const changeWords = (change: AuditFieldChange) => `${change.label}: ${valueWords(change.from)} → ${valueWords(change.to)}`;
