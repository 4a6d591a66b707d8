import { useEffect, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { whenIdle } from '@/lib/idle';
import { attestationChangeKeys } from '@/lib/query-keys';
import { useOnline } from './offline-status';

/**
 * Attestations made with no link: kept in this browser for their user ('Waiting to send'), sent
 * when the link returns, and counted only once the server has recorded them. Sending twice is
 * harmless: the server records one attestation per person and version.
 */

const PREFIX = 'sop-harbor:waiting-attestations:';
const keyOf = (userId: number) => `${PREFIX}${userId}`;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function waitingOf(userId: number): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

function setWaiting(userId: number, ids: number[]) {
  if (ids.length === 0) localStorage.removeItem(keyOf(userId));
  else localStorage.setItem(keyOf(userId), JSON.stringify(ids));
  notify();
}

/** Keeps the user's attestation of this version until it can be sent. */
export function queueAttestation(userId: number, versionId: number) {
  const ids = waitingOf(userId);
  if (!ids.includes(versionId)) setWaiting(userId, [...ids, versionId]);
}

/** Sign-out: nothing of the user who leaves stays in this browser. */
export function forgetWaitingAttestations() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  notify();
}

/** True while this user's attestation of the version waits for the link. */
export function useWaitingAttestation(userId: number | undefined, versionId: number): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => userId !== undefined && waitingOf(userId).includes(versionId),
    () => false,
  );
}

/** What a sent attestation changes; the queue keeps no SOP, so every SOP's reading and compliance panel. */
async function refreshAfterAttesting(client: QueryClient, versionId: number) {
  await Promise.all(attestationChangeKeys(versionId).map((queryKey) => client.invalidateQueries({ queryKey })));
  await client.invalidateQueries({ predicate: (query) => SOP_PANEL.test(String(query.queryKey[0])) });
}
const SOP_PANEL = /^\/api\/sops\/\d+\/(reading|compliance)$/;

let sending = false;

/**
 * Sends the user's waiting attestations, one by one. One that the server refuses for good (the
 * version is no longer published, say) is dropped; one that finds no link waits for the next try.
 */
export async function sendWaitingAttestations(userId: number, client: QueryClient) {
  if (sending) return;
  sending = true;
  try {
    for (const versionId of waitingOf(userId)) {
      try {
        await apiRequest('POST', `/api/sop-versions/${versionId}/attestations`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) break;
      }
      setWaiting(
        userId,
        waitingOf(userId).filter((id) => id !== versionId),
      );
      await refreshAfterAttesting(client, versionId);
    }
  } finally {
    sending = false;
  }
}

/**
 * Mounted once for the signed-in user: sends what waits whenever the link is there. The look
 * waits until the first screen is drawn: a page's first read of localStorage can hold the main
 * thread while the browser loads it.
 */
export function useSendWaitingAttestations(userId: number | undefined, client: QueryClient) {
  const online = useOnline();
  useEffect(() => {
    if (online && userId !== undefined) return whenIdle(() => void sendWaitingAttestations(userId, client));
  }, [online, userId, client]);
}
