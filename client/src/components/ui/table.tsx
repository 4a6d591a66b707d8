import type * as React from 'react';
import { cn } from '@/lib/utils';
import { styled } from './slotted';

function Table({ className, wrapperClassName, ...props }: React.ComponentProps<'table'> & { wrapperClassName?: string }) {
  return (
    <div data-slot="table-container" className={cn('relative w-full overflow-x-auto', wrapperClassName)}>
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
const TableHeader = styled('thead', 'table-header', 'bg-muted/60 [&_tr]:border-b');
const TableBody = styled('tbody', 'table-body', '[&_tr:last-child]:border-0');
const TableRow = styled('tr', 'table-row', 'hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors');
const TableHead = styled(
  'th',
  'table-head',
  'text-muted-foreground h-10 px-2.5 text-left align-middle text-xs font-semibold tracking-wide whitespace-nowrap uppercase',
);
// Cells wrap: a long name or e-mail address must not push the row's actions out of sight.
const TableCell = styled('td', 'table-cell', 'px-2.5 py-2.5 align-middle');

type Column = string | { label: string; className?: string };

/** A table's header row, one heading per column; a column may carry its classes (`text-right`, a width). */
function TableHeadings({ columns }: { columns: Column[] }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <TableHead key={column}>{column}</TableHead>
          ) : (
            <TableHead key={column.label} className={column.className}>
              {column.label}
            </TableHead>
          ),
        )}
      </TableRow>
    </TableHeader>
  );
}

export { Table, TableBody, TableCell, TableHead, TableHeader, TableHeadings, TableRow };
