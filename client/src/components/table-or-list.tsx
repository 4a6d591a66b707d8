import type { ComponentProps, ReactNode } from 'react';
import { Table, TableBody, TableHeadings } from '@/components/ui/table';

interface Props<T> {
  /** Names the table and the list alike. */
  label: string;
  columns: ComponentProps<typeof TableHeadings>['columns'];
  items: readonly T[];
  /** An item as a table row (a keyed `<TableRow>`), for wide screens. */
  row: (item: T) => ReactNode;
  /** An item as a list entry (a keyed `<li>`), for narrow screens. */
  entry: (item: T) => ReactNode;
  /** Classes of the table (e.g. `[overflow-wrap:normal]`, so its cells break between words only). */
  tableClassName?: string;
}

/** The same items as a table on wide screens and as a list of short entries on narrow ones. */
export function TableOrList<T>({ label, columns, items, row, entry, tableClassName }: Props<T>) {
  return (
    <>
      <Table aria-label={label} wrapperClassName="hidden md:block" className={tableClassName}>
        <TableHeadings columns={columns} />
        <TableBody>{items.map(row)}</TableBody>
      </Table>
      <ul className="divide-y md:hidden" aria-label={label}>
        {items.map(entry)}
      </ul>
    </>
  );
}
