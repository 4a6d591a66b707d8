export const ROLES = ['admin', 'approver', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', approver: 'Approver', user: 'User' };
