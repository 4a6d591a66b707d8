import { QueryObserver } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { toast } = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('@/hooks/use-toast', () => ({ toast, holdToast: vi.fn() }));

import { clientWrapper } from '@/test/render';
import { ApiError } from './api-error';
import { queryClient, refreshQueries } from './query-client';
import { queryKeys } from './query-keys';
import { useApiMutation, type FailureToast } from './use-api-mutation';

const wrapper = clientWrapper(queryClient);

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  toast.mockClear();
});

const failingWith = async (error: unknown, failure: FailureToast) => {
  const { result } = renderHook(
    () =>
      useApiMutation({
        mutationFn: async () => {
          throw error;
        },
        success: 'never shown',
        failure,
      }),
    { wrapper },
  );
  await act(() => result.current.mutateAsync().catch(() => undefined));
};

describe('useApiMutation', () => {
  it('does its cache work, refreshes the named reads, then toasts success with the answer', async () => {
    const order: string[] = [];
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      order.push(`refresh ${String(filters?.queryKey?.[0])}`);
    });
    toast.mockImplementation(() => order.push('toast'));
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: async (id: number) => ({ id, sopId: 40 + id }),
          onSuccess: () => order.push('cache'),
          invalidates: (task) => [queryKeys.approvals.pending(), queryKeys.sops.detail(task.sopId), undefined],
          success: (task, id) => `Task ${id} of SOP ${task.sopId} updated`,
          failure: { fixed: 'Failed' },
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(2));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['/api/approvals'], ['/api/sops/42']]);
    expect(order).toEqual(['cache', 'refresh /api/approvals', 'refresh /api/sops/42', 'toast']);
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Task 2 of SOP 42 updated' });
  });

  it("says the server's message, or the fallback when it sent none", async () => {
    await failingWith(new ApiError(409, 'Only a draft can be submitted', 'conflict', { message: 'Only a draft can be submitted' }), {
      fallback: 'Failed to submit SOP for approval',
    });
    await failingWith(new ApiError(502, 'Bad Gateway', undefined, '<html>'), { title: 'Upload failed', fallback: 'Failed to upload itinerary' });
    await failingWith(new TypeError('Failed to fetch'), { fallback: 'Failed to create user' });
    expect(toast.mock.calls.map(([shown]) => shown)).toEqual([
      { title: 'Error', description: 'Only a draft can be submitted', variant: 'destructive' },
      { title: 'Upload failed', description: 'Failed to upload itinerary', variant: 'destructive' },
      { title: 'Error', description: 'Failed to create user', variant: 'destructive' },
    ]);
  });

  it('keeps a fixed failure text whatever the server said', async () => {
    await failingWith(new ApiError(403, 'You do not have permission to do this', 'forbidden', { message: 'You do not have permission to do this' }), {
      fixed: 'Failed to delete SOP',
    });
    expect(toast).toHaveBeenCalledWith({ title: 'Error', description: 'Failed to delete SOP', variant: 'destructive' });
  });

  it('leaves a session that ended to the one Unauthorized notice', async () => {
    await failingWith(new ApiError(401, 'Unauthorized', 'unauthorized', { message: 'Unauthorized' }), { fallback: 'Failed to submit SOP for approval' });
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('refreshQueries', () => {
  it("refetches after the write a list's first read that was already under way, instead of keeping its answer from before", async () => {
    let serverStatus = 'submitted';
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.sops.list({ search: 'Galley' }),
      // The first read is slow: it is still on the wire when the write commits.
      queryFn: () => {
        const seen = serverStatus;
        const delay = reads++ === 0 ? 30 : 0;
        return new Promise<string>((resolve) => setTimeout(() => resolve(seen), delay));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    expect(reads).toBe(1);

    serverStatus = 'published';
    await refreshQueries([queryKeys.sops.lists()]);

    expect(reads).toBe(2);
    expect(observer.getCurrentResult().data).toBe('published');
    unsubscribe();
  });
});
