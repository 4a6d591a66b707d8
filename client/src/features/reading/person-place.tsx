/** Where a person works: their department and position, either of which may be missing (a master holds a position and no department). */
interface Placed {
  department: { name: string } | null;
  position?: { name: string } | null;
}

/** In a table cell: the department, with the position under it; the position alone when there is no department. */
export function PersonPlace({ person }: { person: Placed }) {
  if (!person.department) return <>{person.position?.name}</>;
  return (
    <>
      {person.department.name}
      {person.position && <span className="block text-xs text-muted-foreground">{person.position.name}</span>}
    </>
  );
}

/** On one line, for a phone's card: 'Deck · Bosun', or 'Master' alone. */
export const placeOf = (person: Placed) => [person.department?.name, person.position?.name].filter(Boolean).join(' · ');
