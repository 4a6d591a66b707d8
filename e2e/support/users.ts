import type { Role } from '../../common/roles';

export interface E2eUser {
  username: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

/** Created by server/src/seed/e2e-users.ts before the server starts. */
export const E2E_USERS = {
  admin: { username: 'admin', password: 'e2e-admin-password', firstName: 'System', lastName: 'Administrator', role: 'admin' },
  approver: { username: 'approver', password: 'e2e-approver-password', firstName: 'Maria', lastName: 'Santos', role: 'approver' },
  user: { username: 'crew', password: 'e2e-crew-password', firstName: 'Liam', lastName: 'Murphy', role: 'user' },
  user2: { username: 'steward', password: 'e2e-steward-password', firstName: 'Noa', lastName: null, role: 'user' },
} satisfies Record<string, E2eUser>;

/** Divisions and their departments in the fresh e2e database. */
export const E2E_DEPARTMENTS = [
  { name: 'Marine', children: ['Deck', 'Engine'] },
  { name: 'Hotel', children: ['Housekeeping', 'Food & Beverage'] },
  { name: 'Safety & Environment', children: [] as string[] },
];
