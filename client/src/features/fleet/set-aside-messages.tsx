import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import type { FleetVessel, SetAsideMessage } from '@common/contracts/fleet';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/labels';
import { fleetQueries, useResolveSetAside } from './api';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * A ship's messages the office could not take (not a contract's, a newer schema, a gap in its
 * sequence, or failing to apply), each with the reason and what arrived: an admin retries one
 * (after an upgrade, or once the messages before a gap are in) or discards it, kept on record.
 * They never hold another vessel nor this one's later messages.
 */
export function SetAsideMessages({ vessel }: { vessel: FleetVessel }) {
  const { t } = useLingui();
  const messages = useQuery(fleetQueries.setAside(vessel.code));
  const vesselName = vessel.name;
  const resolve = useResolveSetAside(vessel.code);
  const [discarding, setDiscarding] = useState<SetAsideMessage | null>(null);
  const list = messages.data ?? [];
  return (
    <section aria-labelledby="set-aside-heading" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <div className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="set-aside-heading" className="font-semibold break-words text-navy">
            <Trans>Set aside from {vesselName}</Trans>
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans>
              Messages from this ship the office could not take. Its later messages and the other vessels carry on; retry one once the cause is mended, or
              discard it.
            </Trans>
          </p>
        </div>
      </div>
      <QueryState query={messages} loading={t`Loading the messages set aside...`} failed={t`The messages set aside could not be loaded.`} frame="py-6">
        <ul className="space-y-3">
          {list.map((m) => (
            <SetAsideItem
              key={m.id}
              message={m}
              pending={resolve.isPending}
              onRetry={() => resolve.mutate({ id: m.id, action: 'retry' })}
              onDiscard={() => setDiscarding(m)}
            />
          ))}
        </ul>
      </QueryState>
      <ConfirmDialog
        open={discarding !== null}
        title={t`Discard this message?`}
        description={t`It stays on record in the audit trail but no longer waits to be applied. What it said does not count ashore.`}
        pending={resolve.isPending}
        onClose={() => setDiscarding(null)}
        action={
          <Button
            variant="destructive"
            disabled={resolve.isPending}
            onClick={() => discarding && resolve.mutate({ id: discarding.id, action: 'discard' }, { onSuccess: () => setDiscarding(null) })}
          >
            {resolve.isPending ? t`Discarding...` : t`Discard`}
          </Button>
        }
      />
    </section>
  );
}

/** One message set aside: the reason, which message and when, what arrived, and Retry and Discard. */
function SetAsideItem({ message, pending, onRetry, onDiscard }: { message: SetAsideMessage; pending: boolean; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useLingui();
  const seq = message.seq;
  const when = formatDateTime(message.createdAt);
  const number = message.seq ?? message.id;
  return (
    <li className="space-y-2 rounded-md border bg-white p-3 text-sm">
      <p className="font-medium break-words">{message.reason}</p>
      <p className="text-xs text-muted-foreground">
        {seq === null ? (
          <Trans>No sequence number · set aside {when}</Trans>
        ) : (
          <Trans>
            Message {seq} of the ship · set aside {when}
          </Trans>
        )}
      </p>
      <pre className="max-h-32 overflow-auto rounded bg-muted p-2 font-mono text-xs break-all whitespace-pre-wrap">{message.body || t`(empty)`}</pre>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={pending} onClick={onRetry}>
          <Trans>
            Retry<span className="sr-only"> message {number}</span>
          </Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={pending} onClick={onDiscard}>
          <Trans>
            Discard<span className="sr-only"> message {number}</span>
          </Trans>
        </Button>
      </div>
    </li>
  );
}
