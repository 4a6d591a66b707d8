import { ROLES } from '@common/roles';
import { ROLE_LABELS } from '@/lib/labels';

/** The roles as the user dialogs offer them, the most powerful first. */
export const ROLE_OPTIONS = [...ROLES].reverse().map((role) => ({
  value: role,
  /** Read when drawn, so the role reads in the interface's language. */
  get label() {
    return ROLE_LABELS[role];
  },
}));
