import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateVesselInput, FleetStatus, FleetVessel, Vessel, VesselDocument } from '@common/contracts/fleet';
import { toast } from '@/hooks/use-toast';
import { apiRequest } from '@/lib/api';
import { refreshQueries } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export const fleetQueries = {
  status: () => queryOptions<FleetStatus>({ queryKey: queryKeys.fleet.status() }),
  vessels: () => queryOptions<FleetVessel[]>({ queryKey: queryKeys.fleet.vessels() }),
  documents: (code: string) => queryOptions<VesselDocument[]>({ queryKey: queryKeys.fleet.documents(code) }),
};

/** The as-on-board master list as CSV (a plain link: the browser downloads it). */
export const vesselDocumentsCsvUrl = (code: string) => `/api/fleet/vessels/${encodeURIComponent(code)}/documents.csv`;

/** Registers a vessel; a refusal (a code taken, a malformed one) stays on the form, in the server's words. */
export function useRegisterVessel() {
  return useMutation({
    mutationFn: async (input: CreateVesselInput) => (await apiRequest('POST', '/api/admin/vessels', input)).json() as Promise<Vessel>,
    onSuccess: async (vessel) => {
      await refreshQueries([queryKeys.fleet.vessels()]);
      toast({ title: 'Success', description: `${vessel.name} (${vessel.code}) is registered` });
    },
  });
}
