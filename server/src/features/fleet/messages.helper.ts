/**
 * Where the fleet's messages travel. What they carry is a contract in
 * common/contracts/fleet-messages.ts, parsed by the receiver before anything is applied.
 */
export {
  FLEET_SCHEMA,
  type FileProgress,
  type Hello,
  type HelloAnswer,
  RECORD_KINDS,
  type RecordKind,
  type RecordMessage,
  type ShipMessage,
} from '../../../../common/contracts/fleet-messages';

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
/**
 * A ship tells the office how many file chunks it holds (core NATS, ship to office, as they
 * arrive), on its own subject: the vessel is the subject's, which its credential alone may
 * publish, never a field of the body.
 */
export const progressSubject = (vessel: string) => `fleet.progress.${vessel}`;
export const PROGRESS_SUBJECTS = 'fleet.progress.*';
export const FILE_HEADER = { sha256: 'Fleet-File', index: 'Fleet-Chunk', count: 'Fleet-Chunks', size: 'Fleet-Size' } as const;

/** On board: the office's messages for this vessel, sourced from the hub across the leaf link. */
export const SHIP_INBOX_STREAM = 'FLEET_IN';
/** A ship asks whether the office knows its code (core NATS request on its own subject, answered while the link is up). */
export const helloSubject = (vessel: string) => `fleet.hello.${vessel}`;
export const HELLO_SUBJECTS = 'fleet.hello.*';
/** The vessel a hello or progress report came from: the last token of its subject. */
export const vesselOfSubject = (subject: string) => subject.slice(subject.lastIndexOf('.') + 1);
export const HUB_DOMAIN = 'hub';

export const HEADER = { origin: 'Fleet-Origin', seq: 'Fleet-Seq', schema: 'Fleet-Schema', vessel: 'Fleet-Vessel' } as const;

/** What a ship sends: its stream on board, sourced by the hub's FLEET_SHIPS across the link. */
export const SHIP_OUTBOX_STREAM = 'FLEET_OUT';
export const SHIPS_STREAM = 'FLEET_SHIPS';
export const shipSubject = (vessel: string) => `fleet.ship.${vessel}`;
/**
 * The vessel a ship's message came from, read from its subject: with one credential per vessel
 * the hub lets a ship publish only its own subject, while a header says whatever the sender wrote.
 */
export const vesselOfShipSubject = (subject: string) => (subject.startsWith('fleet.ship.') ? subject.slice('fleet.ship.'.length) : '');
