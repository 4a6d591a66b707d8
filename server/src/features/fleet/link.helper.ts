/**
 * What an instance knows about its link to the rest of the fleet. The NATS side keeps it
 * current; an office without NATS_URL has no link at all and reports that.
 */
export interface FleetLink {
  /** Whether the NATS connection is up (on a ship: whether the leaf node reaches the hub). */
  connected(): boolean;
  /** When a message last came from the other side. */
  lastContactAt(): Date | null;
  /** Messages made here and not yet confirmed by the other side. */
  waitingToSend(): Promise<number>;
  /** What stops the link from working, in words, or null. */
  problem(): string | null;
}

export const NO_LINK: FleetLink = {
  connected: () => false,
  lastContactAt: () => null,
  waitingToSend: async () => 0,
  problem: () => null,
};
