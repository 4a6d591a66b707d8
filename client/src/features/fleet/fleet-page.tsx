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
import { OfficeLinkStatus } from './office-link-status';
import { RegisterVesselDialog } from './register-vessel-dialog';
import { SetAsideMessages } from './set-aside-messages';

const lastContact = (vessel: FleetVessel) => formatDateTime(vessel.lastContactAt, 'Never');

function StateBadge({ state }: { state: VesselDocument['state'] }) {
  return state === 'current' ? (
    <Badge className="border-emerald-300 bg-emerald-100 text-emerald-900">Current</Badge>
  ) : (
    <Badge className="border-amber-300 bg-amber-100 text-amber-900">Pending</Badge>
  );
}

/** One vessel of the register: its name, code, last contact and how its documents stand. */
function VesselCard({ vessel, chosen, onChoose }: { vessel: FleetVessel; chosen: boolean; onChoose: () => void }) {
  const { current, pending } = vessel.documents;
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
        <dt className="text-muted-foreground">Last contact</dt>
        <dd>{lastContact(vessel)}</dd>
        <dt className="text-muted-foreground">Documents</dt>
        <dd>
          {current} current
          {' · '}
          <span className={pending > 0 ? 'font-medium text-amber-800' : undefined}>{pending} pending</span>
        </dd>
      </dl>
      {vessel.problem && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm break-words text-amber-900">
          {vessel.problem}
        </p>
      )}
      <Button variant={chosen ? 'default' : 'outline'} size="sm" className="mt-auto self-start" aria-pressed={chosen} onClick={onChoose}>
        Master list<span className="sr-only"> of {vessel.name}</span>
      </Button>
    </li>
  );
}

/** The vessel's master list as on board: each SOP that applies, the version in force ashore and the one the ship holds. */
function MasterList({ vessel }: { vessel: FleetVessel }) {
  const rows = useQuery(fleetQueries.documents(vessel.code));
  const list = rows.data ?? [];
  const label = `On board ${vessel.name}`;
  return (
    <section aria-labelledby="master-list-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="master-list-heading" className="text-lg font-semibold break-words text-navy">
            {label}
          </h2>
          <p className="text-sm text-muted-foreground">Each procedure that applies to this vessel: the version in force ashore and the one on board.</p>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={vesselDocumentsCsvUrl(vessel.code)} download>
            <Download /> Export CSV<span className="sr-only"> of the master list on board {vessel.name}</span>
          </a>
        </Button>
      </div>
      <Card className="py-0">
        <CardContent className="p-0">
          <QueryState query={rows} loading="Loading the master list..." failed="The master list could not be loaded." frame="py-12">
            {list.length === 0 ? (
              <p className="px-6 py-12 text-center text-sm text-muted-foreground">No procedure in force applies to this vessel yet.</p>
            ) : (
              <TableOrList
                label={label}
                columns={['Procedure', 'In force', 'On board', 'Previous withdrawn', 'State']}
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
                          <span className="block text-xs text-muted-foreground">received {formatDateTime(row.onBoard.receivedAt)}</span>
                        </>
                      ) : (
                        <span className="text-muted-foreground">Not on board yet</span>
                      )}
                    </TableCell>
                    <TableCell className="tabular-nums">{formatDateTime(row.previousWithdrawnAt, 'None')}</TableCell>
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
                    <p className="text-xs text-muted-foreground">
                      In force v{row.versionInForce.versionNumber} ·{' '}
                      {row.onBoard ? `on board v${row.onBoard.versionNumber}, received ${formatDateTime(row.onBoard.receivedAt)}` : 'not on board yet'}
                    </p>
                    {row.previousWithdrawnAt && (
                      <p className="text-xs text-muted-foreground">Previous version withdrawn {formatDateTime(row.previousWithdrawnAt)}</p>
                    )}
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
  const { user } = useCurrentUser();
  const vessels = useQuery(fleetQueries.vessels());
  const [chosenCode, setChosenCode] = useState<string | null>(null);
  const list = vessels.data ?? [];
  const chosen = list.find((v) => v.code === chosenCode) ?? list[0];
  return (
    <>
      <PageHeader
        title="Fleet"
        description="Each vessel, when the office last heard from it, and which version of each procedure it holds on board"
        actions={can(user, 'vessels.manage') && <RegisterVesselDialog onRegistered={setChosenCode} />}
      />
      <OfficeLinkStatus />
      <QueryState query={vessels} loading="Loading the fleet..." failed="The fleet could not be loaded." frame="py-12">
        {list.length === 0 ? (
          <p className="rounded-lg border bg-white px-6 py-12 text-center text-sm text-muted-foreground">
            No vessel is registered yet.
            {can(user, 'vessels.manage') ? ' Register one to send it the procedures that apply to it.' : ' An admin registers them here.'}
          </p>
        ) : (
          <div className="space-y-8">
            <ul aria-label="Vessels" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
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
