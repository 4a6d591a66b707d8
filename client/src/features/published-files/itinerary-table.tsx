import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ITINERARY_TABLE_MAX_ROWS, type ItineraryTable } from '@common/contracts/itineraries';
import { useMediaQuery } from '@/hooks/use-media-query';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/api-error';
import { displayLocale } from '@/lib/labels';
import { cn } from '@/lib/utils';
import { itineraryQueries } from './api';
import { formatTableCell, isNumericCell } from './table-cells';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** The itinerary's sheets, one at a time: a table, or on a phone a card per row. */
export function ItineraryTableView({ itineraryId, name }: { itineraryId: number; name: string }) {
  const { t } = useLingui();
  const table = useQuery(itineraryQueries.table(itineraryId));
  const [sheetIndex, setSheetIndex] = useState(0);
  const sheets = table.data?.sheets ?? [];
  const sheet = sheets[Math.min(sheetIndex, sheets.length - 1)];
  // A phone has no room for five columns side by side: each row becomes a small card.
  const phone = !useMediaQuery('(min-width: 640px)');
  const maxRows = ITINERARY_TABLE_MAX_ROWS.toLocaleString(displayLocale());

  if (table.isError) {
    return (
      <div role="status" className="space-y-0.5 rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
        <p className="font-medium text-foreground">{errorText(table.error, t`The itinerary could not be shown as a table.`)}</p>
        <p>
          <Trans>Use Download to open the file.</Trans>
        </p>
      </div>
    );
  }
  return (
    <QueryState query={table} loading={t`Reading the itinerary`} failed="" frame="py-6">
      {!sheet || sheet.columns.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          <Trans>This file holds no rows.</Trans>
        </p>
      ) : (
        <div className="space-y-2">
          {sheets.length > 1 && (
            <div className="flex flex-wrap gap-1.5">
              {sheets.map((s, i) => (
                <Button key={s.name} size="sm" variant={s === sheet ? 'default' : 'outline'} aria-pressed={s === sheet} onClick={() => setSheetIndex(i)}>
                  {s.name}
                </Button>
              ))}
            </div>
          )}
          {phone ? <SheetRows sheet={sheet} label={`${name}: ${sheet.name}`} /> : <SheetTable sheet={sheet} label={`${name}: ${sheet.name}`} />}
          <p className="text-xs text-muted-foreground">
            {sheet.truncated ? (
              <Trans>Showing the first {maxRows} rows of this sheet; download the file for the rest.</Trans>
            ) : (
              <Plural value={sheet.rows.length} one="# row" other="# rows" />
            )}
          </p>
        </div>
      )}
    </QueryState>
  );
}

type Sheet = ItineraryTable['sheets'][number];

/** The sheet as a table, a sticky header, scrolling both ways inside its frame. */
function SheetTable({ sheet, label }: { sheet: Sheet; label: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so the keyboard can scroll it (WCAG 2.1.1)
    <section className="max-h-[28rem] overflow-auto rounded-md border" tabIndex={0} aria-label={label}>
      <table className="w-full text-sm">
        <thead className="sticky top-0 z-10 bg-slate-100 shadow-[0_1px_0_var(--color-border)]">
          <tr>
            {sheet.columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and may repeat a name
              <th key={i} scope="col" className="px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-700">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {sheet.rows.map((row, r) => (
            // Rows have no identity of their own; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={r} className="even:bg-muted/30">
              {sheet.columns.map((_, c) => {
                const cell = row[c] ?? null;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                  <td key={c} className={cn('px-3 py-1.5 whitespace-nowrap', isNumericCell(cell) && 'text-right tabular-nums')}>
                    {formatTableCell(cell)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The sheet as one card per row, each cell under its column's name: every column readable on a phone. */
function SheetRows({ sheet, label }: { sheet: Sheet; label: string }) {
  return (
    <ol className="space-y-2" aria-label={label}>
      {sheet.rows.map((row, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; their order never changes
        <li key={r} className="rounded-md border bg-white px-3 py-2 text-sm">
          <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-0.5">
            {sheet.columns.map((column, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
              <div key={c} className="contents">
                <dt className="text-xs font-medium text-slate-600">{column}</dt>
                <dd className="min-w-0 break-words">{formatTableCell(row[c] ?? null) || '—'}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
