/**
 * The two kinds of instance one `npm start` runs. Without VESSEL it is the office, today's
 * app. With VESSEL it is the copy on board that ship: it keeps its own database and file
 * store, and takes every office-owned record from the office over NATS, so it cannot run
 * without a NATS server to listen to.
 */
export type FleetInstance = { kind: 'office'; natsUrl?: string } | { kind: 'ship'; vessel: string; natsUrl: string };

export const OFFICE: FleetInstance = { kind: 'office' };

/** Vessel codes: 2-16 of A-Z, 0-9 and '-'. */
export const VESSEL_CODE = /^[A-Z0-9-]{2,16}$/;

export class FleetConfigError extends Error {
  override name = 'FleetConfigError';
}

/** Which instance the environment asks for; a ship that cannot work is refused with what to set. */
export function fleetInstance(env: NodeJS.ProcessEnv = process.env): FleetInstance {
  const vessel = env.VESSEL?.trim();
  const natsUrl = env.NATS_URL?.trim() || undefined;
  if (!vessel) return natsUrl ? { kind: 'office', natsUrl } : OFFICE;
  if (!VESSEL_CODE.test(vessel)) {
    throw new FleetConfigError(`VESSEL must be the vessel's code as registered at the office (2-16 of A-Z, 0-9 and -); got "${vessel}"`);
  }
  if (!natsUrl) {
    throw new FleetConfigError(
      `VESSEL=${vessel} starts the ship's copy, which needs the NATS server on board: set NATS_URL (for example nats://127.0.0.1:4222) to the leaf node started with deploy/nats/ship.conf`,
    );
  }
  return { kind: 'ship', vessel, natsUrl };
}
