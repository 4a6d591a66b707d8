import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarCog, Download, Megaphone, Plus, Ship } from 'lucide-react';
import { Link } from 'wouter';
import type { Circular } from '@common/contracts/circulars';
import { can } from '@common/permissions';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatDateTime, statusLabel } from '@/lib/labels';
import { useCurrentUser } from '@/lib/session';
import { circularQueries, circularsCsvUrl, useAcknowledgeCircular } from './api';
import { CircularDetailsDialog, NewCircularDialog } from './new-circular-dialog';
import { Trans, useLingui } from '@lingui/react/macro';

/** One vessel's line: its readers' count and the master's acknowledgement, or the button to give it on board. */
function VesselLine({ circular, vessel }: { circular: Circular; vessel: Circular['vessels'][number] }) {
  const { user } = useCurrentUser();
  const acknowledge = useAcknowledgeCircular();
  const { vesselCode, vesselName, read, readers } = vessel;
  // On a ship's copy the master (an approver there) acknowledges the circular in force.
  const mayAcknowledge = user?.onShip === true && can(user, 'circulars.acknowledge') && circular.versionId !== null;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="flex min-w-0 items-center gap-1.5 font-medium text-navy">
        <Ship className="size-4 shrink-0 text-ocean" aria-hidden="true" /> {vesselName}
        <span className="font-mono text-xs text-muted-foreground">{vesselCode}</span>
      </span>
      <span className="text-muted-foreground">
        <Trans>
          {read} of {readers} read
        </Trans>
      </span>
      {vessel.acknowledgedAt ? (
        <span className="text-emerald-800">
          <Trans>
            Receipt acknowledged by {vessel.acknowledgedBy}, {formatDateTime(vessel.acknowledgedAt)}
          </Trans>
        </span>
      ) : mayAcknowledge ? (
        <Button size="sm" variant="outline" onClick={() => acknowledge.mutate(circular.id)} disabled={acknowledge.isPending}>
          <Trans>Acknowledge receipt for the vessel</Trans>
        </Button>
      ) : (
        circular.versionId !== null && (
          <span className="text-amber-900">
            <Trans>Receipt not yet acknowledged</Trans>
          </span>
        )
      )}
    </li>
  );
}

/** Not issued and not under review: its audience and days may still change (the server says the same). */
const detailsOpen = (circular: Circular) => circular.versionId === null && (circular.status === 'draft' || circular.status === 'changes_requested');

function CircularCard({ circular }: { circular: Circular }) {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const [changing, setChanging] = useState(false);
  const audience = [...circular.departments.map((d) => d.name), ...circular.positions.map((p) => p.name)].join(', ');
  return (
    <li className="rounded-lg border bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <Badge variant="outline" className="font-mono">
            {circular.number}
          </Badge>
          <h2 className="font-semibold break-words text-navy">
            <Link href={`/sop/${circular.id}`} className="hover:underline focus-visible:ring-2 focus-visible:ring-ocean focus-visible:outline-none">
              {circular.title}
            </Link>
          </h2>
        </div>
        {circular.expired ? (
          <Badge variant="secondary">
            <Trans>Expired</Trans>
          </Badge>
        ) : circular.versionId !== null ? (
          <Badge className="bg-emerald-700">
            <Trans>Issued</Trans>
          </Badge>
        ) : (
          <Badge variant="outline">{statusLabel(circular.status)}</Badge>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="inline text-muted-foreground">
            <Trans>Read by</Trans>
          </dt>{' '}
          <dd className="inline">{formatDate(circular.dueDate)}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">
            <Trans>Expires</Trans>
          </dt>{' '}
          <dd className="inline">{formatDate(circular.expiresAt)}</dd>
        </div>
        <div>
          <dt className="inline text-muted-foreground">
            <Trans>Read</Trans>
          </dt>{' '}
          <dd className="inline">
            <Trans>
              {circular.read} of {circular.readers}
            </Trans>
          </dd>
        </div>
        <div className="sm:col-span-3">
          <dt className="inline text-muted-foreground">
            <Trans>Audience</Trans>
          </dt>{' '}
          <dd className="inline">{audience || t`Everyone on board`}</dd>
        </div>
      </dl>
      {can(user, 'circulars.issue') && detailsOpen(circular) && (
        <Button size="sm" variant="outline" className="mt-3" onClick={() => setChanging(true)}>
          <CalendarCog className="size-4" aria-hidden="true" /> <Trans>Change audience and days</Trans>
        </Button>
      )}
      {changing && <CircularDetailsDialog circular={circular} onClose={() => setChanging(false)} />}
      {circular.vessels.length > 0 && (
        <ul className="mt-3 space-y-2 border-t pt-3" aria-label={t`Vessels of ${circular.number}`}>
          {circular.vessels.map((vessel) => (
            <VesselLine key={vessel.vesselCode} circular={circular} vessel={vessel} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** /circulars: the register of fleet circulars, expired ones included, with read counts per vessel. */
export default function CircularsPage() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const circulars = useQuery(circularQueries.list());
  const [issuing, setIssuing] = useState(false);
  return (
    <>
      <PageHeader
        title={t`Fleet circulars`}
        description={t`Numbered notices from the office: required reading for their audience until the day they are due.`}
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <a href={circularsCsvUrl} download>
                <Download className="size-4" aria-hidden="true" /> <Trans>Export</Trans>
              </a>
            </Button>
            {can(user, 'circulars.issue') && (
              <Button size="sm" className="bg-ocean hover:bg-ocean/90" onClick={() => setIssuing(true)}>
                <Plus className="size-4" aria-hidden="true" /> <Trans>New circular</Trans>
              </Button>
            )}
          </>
        }
      />
      <QueryState query={circulars} loading={t`Loading circulars...`} failed={t`The circulars could not be loaded.`} frame="py-10">
        {circulars.data?.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Megaphone className="size-4" aria-hidden="true" /> <Trans>No circulars yet.</Trans>
          </p>
        ) : (
          <ul className="space-y-4" aria-label={t`Fleet circulars`}>
            {circulars.data?.map((circular) => (
              <CircularCard key={circular.id} circular={circular} />
            ))}
          </ul>
        )}
      </QueryState>
      {issuing && <NewCircularDialog open={issuing} onClose={() => setIssuing(false)} />}
    </>
  );
}
