import { useEffect, useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { whenIdle } from '@/lib/idle';
import { attestationChangeKeys } from '@/lib/query-keys';
import { useOnline } from './offline-status';
import { isLanguageCode, type LanguageCode } from '@common/languages';

/**
 * Attestations, and openings of files, made with no link: kept in this browser for their user
 * ('Waiting to send'), sent when the link returns (the openings first, so an attestation made
 * offline carries them), and counted only once the server has recorded them. Sending twice is
 * harmless: the server keeps one attestation per person and version, one opening per person and file.
 */

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** One list per user in localStorage, of entries that `valid` accepts. */
function waitingList<T>(prefix: string, valid: (entry: unknown) => entry is T) {
  const keyOf = (userId: number) => `${prefix}${userId}`;
  const of = (userId: number): T[] => {
    try {
      const entries: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]');
      return Array.isArray(entries) ? entries.filter(valid) : [];
    } catch {
      return [];
    }
  };
  const set = (userId: number, entries: T[]) => {
    if (entries.length === 0) localStorage.removeItem(keyOf(userId));
    else localStorage.setItem(keyOf(userId), JSON.stringify(entries));
    notify();
  };
  return { prefix, of, set };
}

/** A waiting attestation: the version's id alone (the original was read), or with the language of the translation read. */
type WaitingAttestation = number | { versionId: number; language: LanguageCode };
const versionOf = (entry: WaitingAttestation) => (typeof entry === 'number' ? entry : entry.versionId);
const attestations = waitingList(
  'sop-harbor:waiting-attestations:',
  (entry): entry is WaitingAttestation =>
    isId(entry) || (isId((entry as { versionId?: unknown })?.versionId) && isLanguageCode((entry as { language?: unknown }).language)),
);
interface Opening {
  versionId: number;
  attachmentId: number;
}
const openings = waitingList(
  'sop-harbor:waiting-reads:',
  (entry): entry is Opening => isId((entry as Opening)?.versionId) && isId((entry as Opening)?.attachmentId),
);

/** Keeps the user's attestation of this version until it can be sent. */
export function queueAttestation(userId: number, versionId: number, language: LanguageCode | null = null) {
  const waiting = attestations.of(userId);
  if (!waiting.some((entry) => versionOf(entry) === versionId)) attestations.set(userId, [...waiting, language ? { versionId, language } : versionId]);
}

/** Keeps the user's opening of a file of this version until it can be sent. */
export function queueOpening(userId: number, versionId: number, attachmentId: number) {
  const waiting = openings.of(userId);
  if (!waiting.some((o) => o.attachmentId === attachmentId)) openings.set(userId, [...waiting, { versionId, attachmentId }]);
}

/** Sign-out: nothing of the user who leaves stays in this browser. */
export function forgetWaitingAttestations() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(attestations.prefix) || key.startsWith(openings.prefix)) localStorage.removeItem(key);
  notify();
}

/** True while this user's attestation of the version waits for the link. */
export function useWaitingAttestation(userId: number | undefined, versionId: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => userId !== undefined && attestations.of(userId).some((entry) => versionOf(entry) === versionId),
    () => false,
  );
}

/** The files of the version this user opened with no link, waiting to be sent (as a string, so the snapshot is stable). */
export function useWaitingOpenings(userId: number | undefined, versionId: number): number[] {
  const ids = useSyncExternalStore(
    subscribe,
    () =>
      userId === undefined
        ? ''
        : openings
            .of(userId)
            .filter((o) => o.versionId === versionId)
            .map((o) => o.attachmentId)
            .join(','),
    () => '',
  );
  return ids ? ids.split(',').map(Number) : [];
}

/** What a sent attestation changes; the queue keeps no SOP, so every SOP's reading and compliance panel. */
async function refreshAfterAttesting(client: QueryClient, versionId: number) {
  await Promise.all(attestationChangeKeys(versionId).map((queryKey) => client.invalidateQueries({ queryKey })));
  await client.invalidateQueries({ predicate: (query) => SOP_PANEL.test(String(query.queryKey[0])) });
}
const SOP_PANEL = /^\/api\/sops\/\d+\/(reading|compliance)$/;

/** Sends one waiting entry: true when it is done with (recorded, or refused for good), false when the link is still missing. */
async function sent(url: string, body?: unknown): Promise<boolean> {
  try {
    await apiRequest('POST', url, body);
    return true;
  } catch (error) {
    return error instanceof ApiError && error.status !== 0 && error.status < 500;
  }
}

let sending = false;

/**
 * Sends the user's waiting openings, then attestations, one by one. One that the server refuses
 * for good (the version is no longer published, say) is dropped; one that finds no link waits
 * for the next try.
 */
export async function sendWaitingAttestations(userId: number, client: QueryClient) {
  if (sending) return;
  sending = true;
  try {
    for (const opening of openings.of(userId)) {
      if (!(await sent(`/api/sop-versions/${opening.versionId}/reads`, { attachmentId: opening.attachmentId }))) return;
      openings.set(
        userId,
        openings.of(userId).filter((o) => o.attachmentId !== opening.attachmentId),
      );
    }
    for (const entry of attestations.of(userId)) {
      const versionId = versionOf(entry);
      if (!(await sent(`/api/sop-versions/${versionId}/attestations`, typeof entry === 'number' ? undefined : { language: entry.language }))) return;
      attestations.set(
        userId,
        attestations.of(userId).filter((waiting) => versionOf(waiting) !== versionId),
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
