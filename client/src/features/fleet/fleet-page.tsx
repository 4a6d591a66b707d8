import { useQuery } from '@tanstack/react-query';
import { Download, Ship } from 'lucide-react';
import { useState } from 'react';
import { can } from '@common/permissions';
import type { FleetVessel, VesselDocument } from '@common/contracts/fleet';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { SopLink } from '@/components/sop-link';
import { TableOrList } from '@/components/table-or-list';
import { TableCell, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/labels';
import { useCurrentUser } from '@/lib/session';
import { cn } from '@/lib/utils';
import { fleetQueries, vesselDocumentsCsvUrl } from './api';
import { InspectionPackButtons } from './inspection-pack-buttons';
import { OfficeLinkStatus } from './office-link-status';
import { RegisterVesselDialog } from './register-vessel-dialog';
import { SetAsideMessages } from './set-aside-messages';
import { Link } from 'wouter';
import { LastReviewBadge } from '@/components/last-review-badge';
import { Trans, useLingui } from '@lingui/react/macro';

function StateBadge({ state }: { state: VesselDocument['state'] }) {
  return state === 'current' ? (
    <Badge className="border-emerald-300 bg-emerald-100 text-emerald-900">
      <Trans>Current</Trans>
    </Badge>
  ) : (
    <Badge className="border-amber-300 bg-amber-100 text-amber-900">
      <Trans>Pending</Trans>
    </Badge>
  );
}

/** One vessel of the register: its name, code, last contact and how its documents stand. */
function VesselCard({ vessel, chosen, onChoose }: { vessel: FleetVessel; chosen: boolean; onChoose: () => void }) {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const { current, pending } = vessel.documents;
  const vesselName = vessel.name;
  return (
    <li className={cn('flex flex-col gap-3 rounded-lg border bg-white p-4', chosen && 'border-ocean ring-1 ring-ocean')}>
      <div className="flex items-start gap-3">
        <Ship className="mt-0.5 size-5 shrink-0 text-ocean" aria-hidden="true" />
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-navy">{vessel.name}</h3>
          <p className="font-mono text-xs text-muted-foreground">{vessel.code}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">
          <Trans>Last contact</Trans>
        </dt>
        <dd>{formatDateTime(vessel.lastContactAt, t`Never`)}</dd>
        <dt className="text-muted-foreground">
          <Trans>Documents</Trans>
        </dt>
        <dd>
          <Trans>{current} current</Trans>
          {' · '}
          <span className={pending > 0 ? 'font-medium text-amber-800' : undefined}>
            <Trans>{pending} pending</Trans>
          </span>
        </dd>
        <dt className="text-muted-foreground">
          <Trans>Master's review</Trans>
        </dt>
        <dd>
          <LastReviewBadge at={vessel.lastReviewAt} />
        </dd>
      </dl>
      {vessel.problem && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900">
          {vessel.problem}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant={chosen ? 'default' : 'outline'} size="sm" aria-pressed={chosen} onClick={onChoose}>
          <Trans>
            Master list<span className="sr-only"> of {vesselName}</span>
          </Trans>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link href={`/reviews/${encodeURIComponent(vessel.code)}`}>
            <Trans>
              Master's reviews<span className="sr-only"> of {vesselName}</span>
            </Trans>
          </Link>
        </Button>
        {can(user, 'fleet.inspection') && <InspectionPackButtons code={vessel.code} vesselName={vessel.name} />}
      </div>
    </li>
  );
}

/** 'received …' under the version on board. */
function Received({ at }: { at: string }) {
  const when = formatDateTime(at);
  return <Trans>received {when}</Trans>;
}

/** A master-list entry below 1024 px: in force and on board, and when the version before was withdrawn. */
function EntryLines({ row }: { row: VesselDocument }) {
  const inForce = row.versionInForce.versionNumber;
  const onBoard = row.onBoard?.versionNumber;
  const received = row.onBoard ? formatDateTime(row.onBoard.receivedAt) : null;
  const withdrawn = row.previousWithdrawnAt ? formatDateTime(row.previousWithdrawnAt) : null;
  return (
    <>
      <p className="text-xs text-muted-foreground">
        {received ? (
          <Trans>
            In force v{inForce} · on board v{onBoard}, received {received}
          </Trans>
        ) : (
          <Trans>In force v{inForce} · not on board yet</Trans>
        )}
      </p>
      {withdrawn && (
        <p className="text-xs text-muted-foreground">
          <Trans>Previous version withdrawn {withdrawn}</Trans>
        </p>
      )}
    </>
  );
}

/** The vessel's master list as on board: each SOP that applies, the version in force ashore and the one the ship holds. */
function MasterList({ vessel }: { vessel: FleetVessel }) {
  const { t } = useLingui();
  const rows = useQuery(fleetQueries.documents(vessel.code));
  const list = rows.data ?? [];
  const vesselName = vessel.name;
  const label = t`On board ${vesselName}`;
  return (
    <section aria-labelledby="master-list-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="master-list-heading" className="text-lg font-semibold break-words text-navy">
            {label}
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>Each procedure that applies to this vessel: the version in force ashore and the one on board.</Trans>
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={vesselDocumentsCsvUrl(vessel.code)} download>
            <Download />{' '}
            <Trans>
              Export CSV<span className="sr-only"> of the master list on board {vesselName}</span>
            </Trans>
          </a>
        </Button>
      </div>
      <Card className="py-0">
        <CardContent className="p-0">
          <QueryState query={rows} loading={t`Loading the master list...`} failed={t`The master list could not be loaded.`} frame="py-12">
            {list.length === 0 ? (
              <p className="px-6 py-12 text-center text-sm text-muted-foreground">
                <Trans>No procedure in force applies to this vessel yet.</Trans>
              </p>
            ) : (
              <TableOrList
                label={label}
                columns={[t`Procedure`, t`In force`, t`On board`, t`Previous withdrawn`, t`State`]}
                items={list}
                row={(row) => (
                  <TableRow key={row.sopId}>
                    <TableCell className="whitespace-normal">
                      <SopLink sopId={row.sopId} title={row.title} className="break-words" />
                    </TableCell>
                    <TableCell className="tabular-nums">v{row.versionInForce.versionNumber}</TableCell>
                    <TableCell className="tabular-nums">
                      {row.onBoard ? (
                        <>
                          v{row.onBoard.versionNumber}
                          <span className="block text-xs text-muted-foreground">
                            <Received at={row.onBoard.receivedAt} />
                          </span>
                        </>
                      ) : (
                        <span className="text-muted-foreground">
                          <Trans>Not on board yet</Trans>
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="tabular-nums">{formatDateTime(row.previousWithdrawnAt, t`None`)}</TableCell>
                    <TableCell>
                      <StateBadge state={row.state} />
                    </TableCell>
                  </TableRow>
                )}
                entry={(row) => (
                  <li key={row.sopId} className="space-y-1 px-4 py-3">
                    <div className="flex items-start justify-between gap-3">
                      <SopLink sopId={row.sopId} title={row.title} className="min-w-0 break-words" />
                      <StateBadge state={row.state} />
                    </div>
                    <EntryLines row={row} />
                  </li>
                )}
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * /fleet, at the office (approvers and admins): every registered vessel, when the office last
 * heard from it, what it still has to receive, and the chosen vessel's master list as on board.
 * Admins register vessels here.
 */
export default function FleetPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const vessels = useQuery(fleetQueries.vessels());
  const [chosenCode, setChosenCode] = useState<string | null>(null);
  const list = vessels.data ?? [];
  const chosen = list.find((v) => v.code === chosenCode) ?? list[0];
  return (
    <>
      <PageHeader
        title={t`Fleet`}
        description={t`Each vessel, when the office last heard from it, and which version of each procedure it holds on board`}
        actions={can(user, 'vessels.manage') && <RegisterVesselDialog onRegistered={setChosenCode} />}
      />
      <OfficeLinkStatus />
      <QueryState query={vessels} loading={t`Loading the fleet...`} failed={t`The fleet could not be loaded.`} frame="py-12">
        {list.length === 0 ? (
          <p className="rounded-lg border bg-white px-6 py-12 text-center text-sm text-muted-foreground">
            <Trans>No vessel is registered yet.</Trans>{' '}
            {can(user, 'vessels.manage') ? (
              <Trans>Register one to send it the procedures that apply to it.</Trans>
            ) : (
              <Trans>An admin registers them here.</Trans>
            )}
          </p>
        ) : (
          <div className="space-y-8">
            <ul aria-label={t`Vessels`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {list.map((vessel) => (
                <VesselCard key={vessel.code} vessel={vessel} chosen={vessel.code === chosen?.code} onChoose={() => setChosenCode(vessel.code)} />
              ))}
            </ul>
            {chosen && chosen.setAside > 0 && can(user, 'vessels.manage') && <SetAsideMessages vessel={chosen} />}
            {chosen && <MasterList vessel={chosen} />}
          </div>
        )}
      </QueryState>
    </>
  );
}
