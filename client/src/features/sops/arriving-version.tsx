import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ArrivingVersion } from '@common/contracts/fleet';
import { refreshQueries } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { useCurrentUser } from '@/lib/session';
import { sopChangeKeys, sopQueries } from './api';
import { t } from '@lingui/core/macro';

/** How often a ship asks again: often while a version crosses, seldom while none does. */
const WHILE_ARRIVING_MS = 3_000;
const WHILE_QUIET_MS = 30_000;

/** 'v1.2 arriving (45 %)': the newer version on its way to this ship and the share of its bytes on board. */
export function arrivingLine(arriving: Pick<ArrivingVersion, 'versionNumber' | 'percent'>): string {
  const { versionNumber, percent } = arriving;
  return t`v${versionNumber} arriving (${percent} %)`;
}

/**
 * On a ship's copy, beside the version in force: the newer version still crossing the link.
 * The version in force stays until every file of the new one is on board; when it has
 * switched the SOP and the reading list are read again. Nothing at the office.
 */
export function ArrivingVersionNote({ sopId }: { sopId: number }) {
  const { user } = useCurrentUser();
  const query = useQuery({
    ...sopQueries.arriving(sopId),
    enabled: !!user?.onShip,
    refetchInterval: (q) => (q.state.data?.arriving ? WHILE_ARRIVING_MS : WHILE_QUIET_MS),
  });
  const arriving = query.data?.arriving ?? null;
  const was = useRef<number | null>(null);
  useEffect(() => {
    const switched = was.current !== null && arriving?.versionId !== was.current;
    was.current = arriving?.versionId ?? null;
    if (switched) void refreshQueries([...sopChangeKeys(sopId), queryKeys.reading.mine(), queryKeys.reading.sop(sopId)]);
  }, [arriving?.versionId, sopId]);
  if (!arriving) return null;
  return (
    <span
      className="inline-flex w-fit items-center rounded-md border border-sky-300 bg-sky-50 px-2 py-0.5 text-sm font-medium text-sky-900"
      data-testid="sop-arriving"
      title={t`The version in force stays until every file of the new one is on board`}
    >
      {arrivingLine(arriving)}
    </span>
  );
}
