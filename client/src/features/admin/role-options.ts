import { ROLE_LABELS, ROLES } from '@common/roles';

/** The roles as the user dialogs offer them, the most powerful first. */
export const ROLE_OPTIONS = [...ROLES].reverse().map((role) => ({ value: role, label: ROLE_LABELS[role] }));
