/**
 * What travels between the office and its ships. Each message names its origin and its place
 * in that origin's sequence, and the schema it was written for: a receiver older than the
 * schema holds it (and everything after it) until it is upgraded, never half-applies it.
 */
export const FLEET_SCHEMA = 1;

/**
 * The office's stream on the hub, records and file chunks, one subject of each per vessel: a
 * ship is only sent what applies to it. One stream, so one JetStream source crosses each leaf
 * link: a second source (files beside records) has its heartbeats queued behind the first's
 * messages on a slow link, is taken for stalled after 3 s, and is set up again and again
 * while its bytes are sent over and over (measured at 64 KB/s: no chunk ever landed). On
 * board the two kinds are read by consumers of their own subject, side by side.
 */
export const OFFICE_STREAM = 'FLEET_OFFICE';
export const OFFICE_SUBJECTS = 'fleet.office.>';
export const officeSubject = (vessel: string) => `fleet.office.${vessel}.records`;
export const filesSubject = (vessel: string) => `fleet.office.${vessel}.files`;
/** Both subjects of one vessel (the ship's source filter: a subset of OFFICE_SUBJECTS, as NATS 2.9 requires). */
export const toVesselSubject = (vessel: string) => `fleet.office.${vessel}.*`;
/**
 * Bytes per file message: small messages cross a slow, lossy link without being sent again
 * whole (at 64 KB/s, 64 KB messages cost 1.05 x the bytes, one of 256 KB 2.1 x).
 */
export const FILE_CHUNK_BYTES = 64 * 1024;
/**
 * File chunks the office keeps ahead of what a ship has on board: enough to fill a link of
 * 64 KB/s with 300 ms each way, few enough that anything else sent meanwhile (a record, the
 * answer to a ship's hello, NATS's own requests to set up a source, which time out after
 * 5 s) waits about 3 s at most on such a link.
 */
export const FILE_WINDOW_CHUNKS = 3;
/** A ship tells the office how many file chunks it holds (core NATS, ship to office, as they arrive). */
export const PROGRESS_SUBJECT = 'fleet.progress';
export interface FileProgress {
  vessel: string;
  /** File chunks in the ship's stream on board. */
  chunks: number;
}
export const FILE_HEADER = { sha256: 'Fleet-File', index: 'Fleet-Chunk', count: 'Fleet-Chunks', size: 'Fleet-Size' } as const;

/** On board: the office's messages for this vessel, sourced from the hub across the leaf link. */
export const SHIP_INBOX_STREAM = 'FLEET_IN';
/** A ship asks whether the office knows its code (core NATS request, answered while the link is up). */
export const HELLO_SUBJECT = 'fleet.hello';
export const HUB_DOMAIN = 'hub';

export const HEADER = { origin: 'Fleet-Origin', seq: 'Fleet-Seq', schema: 'Fleet-Schema', vessel: 'Fleet-Vessel' } as const;

/** Office-owned records a ship holds, in the order they are applied (each refers only to earlier kinds). */
export const RECORD_KINDS = ['department', 'user', 'vessel', 'setting', 'sop'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type RecordMessage = { op: 'upsert'; kind: RecordKind; key: string; row: Record<string, unknown> } | { op: 'delete'; kind: RecordKind; key: string };

/** What a ship sends: its stream on board, sourced by the hub's FLEET_SHIPS across the link. */
export const SHIP_OUTBOX_STREAM = 'FLEET_OUT';
export const SHIPS_STREAM = 'FLEET_SHIPS';
export const shipSubject = (vessel: string) => `fleet.ship.${vessel}`;
/**
 * The vessel a ship's message came from, read from its subject: with one credential per vessel
 * the hub lets a ship publish only its own subject, while a header says whatever the sender wrote.
 */
export const vesselOfShipSubject = (subject: string) => (subject.startsWith('fleet.ship.') ? subject.slice('fleet.ship.'.length) : '');

/** Ship-owned facts: an attestation made on board, a version readable on board, one removed. */
export type ShipMessage =
  | { op: 'attestation'; userId: number | null; versionId: number; attestedAt: string }
  | { op: 'receipt'; versionId: number; receivedAt: string }
  | { op: 'withdrawal'; versionId: number; withdrawnAt: string };

export interface Hello {
  vessel: string;
  /** File chunks in the ship's stream on board (see FileProgress). */
  chunks?: number;
}
export interface HelloAnswer {
  known: boolean;
  name: string | null;
  /** The last of this ship's messages the office has applied (0: none). */
  applied: number;
}
