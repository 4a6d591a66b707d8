import { fullName } from '@common/names';
import { msg } from '@lingui/core/macro';
import { i18n } from './i18n';

export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
}

/** Initials from the best name known: first letters of first and last name; first name only; username; email; 'U'. */
export function initialsOf(user: NamedUser | null | undefined): string {
  const first = user?.firstName?.trim();
  const last = user?.lastName?.trim();
  if (first && last) return `${first[0]}${last[0]}`.toUpperCase();
  if (first) return first[0].toUpperCase();
  const username = user?.username?.trim();
  if (username) return username.toUpperCase()[0];
  const email = user?.email?.trim();
  if (email) return email.toUpperCase()[0];
  return 'U';
}

/** The best name known: 'first last', else first name, else username, else email, else 'User'. */
export function displayNameOf(user: NamedUser | null | undefined): string {
  // A last name alone does not make a name here: the username says more.
  return (user?.firstName?.trim() && fullName(user)) || user?.username?.trim() || user?.email?.trim() || i18n._(msg`User`);
}

/** Owner columns and cards: first and last name, or 'Unknown User'. */
export function ownerNameOf(owner: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  return fullName(owner) ?? i18n._(msg`Unknown User`);
}

/** Activity lists: the actor's first name or 'User'. */
export function actorNameOf(actor: { firstName?: string | null } | null | undefined): string {
  return actor?.firstName?.trim() || i18n._(msg`User`);
}
