/** Where this instance's NATS connection stands (common/contracts/fleet.ts, FleetLinkState). */
export interface LinkState {
  state: 'connected' | 'connecting' | 'down' | 'not_configured';
  since: Date | null;
  error: string | null;
}

/**
 * What an instance knows about its link to the rest of the fleet. The NATS side keeps it
 * current; an office without NATS_URL has no link at all and reports that.
 */
export interface FleetLink {
  /** Whether the NATS connection is up (on a ship: whether the leaf node reaches the hub). */
  connected(): boolean;
  /** The connection's state, since when, and the last error while it is down. */
  link(): LinkState;
  /** When a message last came from the other side. */
  lastContactAt(): Date | null;
  /** Messages made here and not yet confirmed by the other side. */
  waitingToSend(): Promise<number>;
  /** What stops the link from working, in words, or null. */
  problem(): string | null;
}

export const NO_LINK: FleetLink = {
  connected: () => false,
  link: () => ({ state: 'not_configured', since: null, error: null }),
  lastContactAt: () => null,
  waitingToSend: async () => 0,
  problem: () => null,
};

/** A NATS address as it may be shown: without the user and password some addresses carry. */
export const shownNatsUrl = (natsUrl: string) => natsUrl.replace(/\/\/[^@/,]*@/g, '//');

/**
 * Keeps a link's state from the NATS client's own events: connected, or down since when and
 * why. A change of state restarts `since`; a second error while down keeps it and updates why.
 */
export function linkStateKeeper(natsUrl: string, now: () => Date = () => new Date()) {
  let current: LinkState = { state: 'connecting', since: now(), error: null };
  const where = shownNatsUrl(natsUrl);
  return {
    get: (): LinkState => ({ ...current }),
    up() {
      if (current.state !== 'connected') current = { state: 'connected', since: now(), error: null };
    },
    down(reason: unknown) {
      const text = reason instanceof Error ? reason.message : reason ? String(reason) : 'connection lost';
      const error = `Cannot reach NATS at ${where}: ${text}`;
      current = current.state === 'down' ? { ...current, error } : { state: 'down', since: now(), error };
    },
  };
}
