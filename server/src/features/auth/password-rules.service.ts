import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../../http/errors';

/**
 * The rules a form cannot check alone (length and blank ones are in the shared contract):
 * a password is not the username and not one of the ~49,000 most common passwords
 * (the list @zxcvbn-ts keeps, compared without case).
 */
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

export function assertAcceptablePassword(password: string, username: string, field = 'password'): void {
  const normalized = password.trim().toLowerCase();
  if (normalized === username.trim().toLowerCase()) throw badRequest('Password must not be the same as the username', 'validation', field);
  if (commonPasswords().has(normalized)) {
    throw badRequest('This password is one of the most common passwords; choose one that is harder to guess', 'validation', field);
  }
}
