import { useQuery } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { Link } from 'wouter';
import type { OutdatedTranslation } from '@common/contracts/translations';
import { nativeNameOf } from '@common/languages';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/labels';

export const outdatedTranslationsQuery = { queryKey: ['/api/translations/outdated'] as const };

function OutdatedRow({ row }: { row: OutdatedTranslation }) {
  const old = row.versionNumber;
  const inForce = row.inForceVersionNumber;
  const since = formatDate(row.outdatedSince);
  return (
    <li className="py-2">
      <Link href={`/sop/${row.sopId}`} className="block font-medium break-words text-navy underline-offset-2 hover:underline">
        {row.title}
      </Link>
      <p className="text-sm text-muted-foreground">
        <span lang={row.language} className="font-medium text-foreground">
          {nativeNameOf(row.language)}
        </span>{' '}
        ·{' '}
        <Trans>
          translates v{old}; v{inForce} in force since {since}
        </Trans>
      </p>
    </li>
  );
}

/**
 * The library's outdated translations, for approvers: an approved translation of an older
 * version where the version in force has none in that language yet. Each opens its SOP, where
 * a translation of the version in force is added.
 */
export function OutdatedTranslations() {
  const { t } = useLingui();
  const query = useQuery<OutdatedTranslation[]>(outdatedTranslationsQuery);
  const rows = query.data ?? [];
  return (
    <Card data-testid="outdated-translations">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Languages className="size-4" aria-hidden="true" />
          {rows.length > 0 ? <Plural value={rows.length} one="# outdated translation" other="# outdated translations" /> : <Trans>Outdated translations</Trans>}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <QueryState query={query} loading={t`Loading the outdated translations...`} failed={t`The outdated translations could not be loaded.`} frame="py-4">
          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>Every approved translation is of the version in force.</Trans>
            </p>
          ) : (
            <ul className="divide-y">
              {rows.map((row) => (
                <OutdatedRow key={row.id} row={row} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
