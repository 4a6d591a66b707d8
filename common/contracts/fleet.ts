import { z } from 'zod';
import { count, isoDate, singleLine } from './fields';

const int = z.number().int();

/** A vessel's code: 2-16 of A-Z, 0-9 and '-' (the ship's VESSEL). */
export const VesselCode = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^[A-Z0-9-]{2,16}$/, 'Code must be 2 to 16 of the capital letters A-Z, the digits 0-9 and -');

/** An SOP's vessels: empty (the default) means every vessel. Each code must be in the register. */
export const VesselCodes = z
  .array(VesselCode)
  .max(200, 'At most 200 vessels')
  .transform((codes) => [...new Set(codes)].sort());

/** POST /api/admin/vessels. */
export const CreateVesselInput = z.object({
  code: VesselCode,
  name: singleLine('Name').trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
});
export type CreateVesselInput = z.input<typeof CreateVesselInput>;

export const Vessel = z.object({ code: z.string(), name: z.string() });
export type Vessel = z.input<typeof Vessel>;

/** GET /api/fleet/vessels: each vessel, when the office last heard from it, and how its documents stand. */
export const FleetVessel = Vessel.extend({
  lastContactAt: isoDate.nullable(),
  documents: z.object({
    /** SOPs whose version in force the ship reported readable on board. */
    current: count,
    /** SOPs that apply to it whose version in force it has not reported yet. */
    pending: count,
  }),
});
export const FleetVesselList = z.array(FleetVessel);
export type FleetVessel = z.input<typeof FleetVessel>;

/** GET /api/fleet/status: this instance and its link to the rest of the fleet. */
export const FleetStatus = z.object({
  role: z.enum(['office', 'ship']),
  vessel: Vessel.nullable(),
  connected: z.boolean(),
  lastContactAt: isoDate.nullable(),
  waiting: z.object({ toSend: count }),
  /** Why the link does not work, in words (an unknown vessel, a message held for a newer version). */
  problem: z.string().nullable(),
});
export type FleetStatus = z.input<typeof FleetStatus>;

export const VesselCodeParams = z.object({ code: VesselCode });

/** GET /api/fleet/vessels/{code}/documents: the master list as on board. */
export const VesselDocument = z.object({
  sopId: int,
  title: z.string(),
  versionInForce: z.object({ id: int, versionNumber: z.string() }),
  onBoard: z.object({ versionId: int, versionNumber: z.string(), receivedAt: isoDate }).nullable(),
  previousWithdrawnAt: isoDate.nullable(),
  /**
   * Whether the SOP applies to the vessel. One that stopped applying stays listed: 'pending'
   * until the ship has removed it, then 'current' with `onBoard` null and the removal's time.
   */
  applies: z.boolean(),
  state: z.enum(['current', 'pending']),
});
export const VesselDocumentList = z.array(VesselDocument);
export type VesselDocument = z.input<typeof VesselDocument>;
