import { useLayoutEffect } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, useToast } from './use-toast';

function Shown() {
  const { toasts } = useToast();
  return <p data-testid="toasts">{toasts.map((t) => t.title).join(', ')}</p>;
}

/** Raises a toast once rendered: its layout effect runs before the passive effect that subscribes Shown. */
function RaiseOnMount({ title }: { title: string }) {
  useLayoutEffect(() => {
    toast({ title });
  }, [title]);
  return null;
}

afterEach(cleanup);

describe('useToast', () => {
  it('shows a toast raised after its render read the store and before it subscribed', () => {
    render(
      <>
        <Shown />
        <RaiseOnMount title="Download started" />
      </>,
    );
    expect(screen.getByTestId('toasts').textContent).toBe('Download started');
  });
});
