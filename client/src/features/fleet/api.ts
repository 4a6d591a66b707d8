import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateVesselInput, FleetStatus, FleetVessel, SetAsideMessage, Vessel, VesselDocument } from '@common/contracts/fleet';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { refreshQueries } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { t } from '@lingui/core/macro';

export const fleetQueries = {
  status: () => queryOptions<FleetStatus>({ queryKey: queryKeys.fleet.status() }),
  vessels: () => queryOptions<FleetVessel[]>({ queryKey: queryKeys.fleet.vessels() }),
  documents: (code: string) => queryOptions<VesselDocument[]>({ queryKey: queryKeys.fleet.documents(code) }),
  setAside: (code: string) => queryOptions<SetAsideMessage[]>({ queryKey: queryKeys.fleet.setAside(code) }),
};

/**
 * Retries or discards a ship's message set aside ashore. A retry that still cannot apply it
 * says why; either way the vessel's tally and the list are read again.
 */
export function useResolveSetAside(code: string) {
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: 'retry' | 'discard' }) => {
      const res = await apiRequest('POST', `/api/fleet/vessels/${encodeURIComponent(code)}/set-aside/${id}/${action}`);
      return action === 'retry' ? ((await res.json()) as { outcome: string; reason: string | null }) : { outcome: 'discarded', reason: null };
    },
    onSuccess: async ({ outcome, reason }) => {
      await refreshQueries([queryKeys.fleet.vessels(), queryKeys.fleet.setAside(code), queryKeys.fleet.documents(code)]);
      if (outcome === 'set-aside') toast({ title: t`Still set aside`, description: reason ?? t`The message still cannot be applied.`, variant: 'destructive' });
      else if (outcome === 'discarded') toast({ title: t`Discarded`, description: t`The message is kept on record and no longer waits.` });
      else if (outcome === 'refused')
        toast({ title: t`Refused`, description: t`The office checked the message and refused it; the refusal is in the audit trail.` });
      else toast({ title: t`Applied`, description: t`The message from the ship now counts ashore.` });
    },
  });
}

/** A vessel's inspection pack: the PDF, or its data as a ZIP of CSVs (decision 082). */
export const inspectionPackUrl = (code: string, format: 'pdf' | 'zip') =>
  `/api/fleet/vessels/${encodeURIComponent(code)}/inspection-pack${format === 'zip' ? '.zip' : ''}`;

/** The as-on-board master list as CSV (a plain link: the browser downloads it). */
export const vesselDocumentsCsvUrl = (code: string) => `/api/fleet/vessels/${encodeURIComponent(code)}/documents.csv`;

/** Registers a vessel; a refusal (a code taken, a malformed one) stays on the form, in the server's words. */
export function useRegisterVessel() {
  return useMutation({
    mutationFn: async (input: CreateVesselInput) => (await apiRequest('POST', '/api/admin/vessels', input)).json() as Promise<Vessel>,
    onSuccess: async (vessel) => {
      await refreshQueries([queryKeys.fleet.vessels()]);
      const { name, code } = vessel;
      toast({ title: t`Success`, description: t`${name} (${code}) is registered` });
    },
  });
}
