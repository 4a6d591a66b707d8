import { z } from 'zod';
import { count, idField, isoDate, singleLine } from './fields';

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
  /**
   * What stops this vessel's reporting or updates, in words: messages from the ship set aside
   * ashore, or what the ship said holds it (null: nothing).
   */
  problem: z.string().nullable(),
  /** Messages from the ship set aside ashore, waiting for an admin to retry or discard them. */
  setAside: count,
  /** When its last master's review was signed on board (null: none on record; decision 080). */
  lastReviewAt: isoDate.nullable(),
});
export const FleetVesselList = z.array(FleetVessel);
export type FleetVessel = z.input<typeof FleetVessel>;

/**
 * This instance's connection to NATS, as the NATS client reports it: `connected` since when,
 * `connecting` (first try under way), `down` since when and the client's error, or
 * `not_configured` (no NATS_URL: an office on its own).
 */
export const FleetLinkState = z.object({
  state: z.enum(['connected', 'connecting', 'down', 'not_configured']),
  /** When the link entered this state (null: not configured). */
  since: isoDate.nullable(),
  /** Why the link is down, in the NATS client's words, with the address tried (never its credentials). */
  error: z.string().nullable(),
});
export type FleetLinkState = z.input<typeof FleetLinkState>;

/** GET /api/fleet/status: this instance and its link to the rest of the fleet. */
export const FleetStatus = z.object({
  role: z.enum(['office', 'ship']),
  vessel: Vessel.nullable(),
  connected: z.boolean(),
  lastContactAt: isoDate.nullable(),
  waiting: z.object({ toSend: count }),
  /** Why the link does not work, in words (an unknown vessel, a message held for a newer version). */
  problem: z.string().nullable(),
  link: FleetLinkState,
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

/** GET /api/fleet/vessels/{code}/set-aside: a ship's messages the office could not take, with the reason. */
export const SetAsideMessage = z.object({
  id: int,
  /** Its place in the ship's sequence (null when its headers did not say). */
  seq: int.nullable(),
  reason: z.string(),
  /** The message as received (at most 2,000 characters shown). */
  body: z.string(),
  createdAt: isoDate,
});
export const SetAsideMessageList = z.array(SetAsideMessage);
export type SetAsideMessage = z.input<typeof SetAsideMessage>;

export const SetAsideParams = z.object({ code: VesselCode, id: idField('Message id') });

/** POST .../set-aside/{id}/retry: applied (or found a duplicate), or still set aside with the reason. */
export const SetAsideRetryAnswer = z.object({
  outcome: z.enum(['applied', 'duplicate', 'refused', 'set-aside']),
  reason: z.string().nullable(),
});

/**
 * On board: a newer version of an SOP still crossing the link. The version in force stays
 * until every file of this one is on board; `percent` is the share of its bytes here (never
 * 100 before the switch).
 */
export const ArrivingVersion = z.object({
  versionId: int,
  versionNumber: z.string(),
  bytes: count,
  bytesOnBoard: count,
  percent: z.number().int().min(0).max(99),
});
export type ArrivingVersion = z.input<typeof ArrivingVersion>;

/** GET /api/sops/{id}/arriving: what is on its way for the SOP; null at the office and when nothing is. */
export const SopArrival = z.object({ arriving: ArrivingVersion.nullable() });
export type SopArrival = z.input<typeof SopArrival>;
