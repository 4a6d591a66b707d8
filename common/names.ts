/** What a person's name is made of, wherever it comes from (a user row, an answer, a session). */
export interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The one way a person's name is written: first and last name, trimmed and joined by a space,
 * or null when neither is known (each screen says what stands in for it).
 */
export function fullName(person: PersonName | null | undefined): string | null {
  const name = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ');
  return name || null;
}
