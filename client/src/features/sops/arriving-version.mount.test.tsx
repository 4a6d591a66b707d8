import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SopArrival } from '@common/contracts/fleet';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { asked, network } from '@/test/network';
import { renderWithClient, settled, signedIn } from '@/test/render';
import { ArrivingVersionNote } from './arriving-version';

const arriving: SopArrival = { arriving: { versionId: 9, versionNumber: '1.2', bytes: 1000, bytesOnBoard: 450, percent: 45 } };

/** Answers the arriving read with whatever `answer` holds when asked. */
const serve = (answer: { current: SopArrival }) => network.use(http.get('/api/sops/7/arriving', () => HttpResponse.json(answer.current)));

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('the arriving note on the SOP page', () => {
  it("on a ship says 'v1.2 arriving (45 %)', and reads the SOP again once the version has switched", async () => {
    const answer = { current: arriving };
    serve(answer);
    signedIn(queryClient, 'user', 'ship');
    queryClient.setQueryData(queryKeys.sops.detail(7), { id: 7 });
    renderWithClient(<ArrivingVersionNote sopId={7} />, queryClient);
    expect((await screen.findByTestId('sop-arriving')).textContent).toBe('v1.2 arriving (45 %)');
    expect(asked()).toEqual(['GET /api/sops/7/arriving']);
    expect(queryClient.getQueryState(queryKeys.sops.detail(7))?.isInvalidated).toBe(false);

    answer.current = { arriving: null };
    await queryClient.refetchQueries({ queryKey: queryKeys.sops.arriving(7) });
    await waitFor(() => expect(screen.queryByTestId('sop-arriving')).toBeNull());
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.sops.detail(7))?.isInvalidated).toBe(true));
  });

  it('shows nothing at the office and never asks there', async () => {
    serve({ current: arriving });
    signedIn(queryClient, 'user', 'office');
    const { container } = renderWithClient(<ArrivingVersionNote sopId={7} />, queryClient);
    await settled();
    expect(container.innerHTML).toBe('');
    expect(asked()).toEqual([]);
  });
});
