import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useArrival } from './use-arrival';

const seen: string[] = [];
function Shown({ value, id }: { value?: string; id?: number }) {
  const shown = useArrival(value, id);
  seen.push(shown ?? '(loading)');
  return <p data-testid="shown">{shown ?? '(loading)'}</p>;
}

afterEach(() => {
  cleanup();
  seen.length = 0;
});

describe('useArrival', () => {
  it('holds a first answer back from the render it arrives in, then shows it', async () => {
    const { rerender } = render(<Shown />);
    act(() => rerender(<Shown value="Embarkation" id={5} />));
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('Embarkation'));
    // The render the answer arrived in kept the loading state; a later one brought it in.
    expect(seen.indexOf('Embarkation')).toBeGreaterThan(seen.indexOf('(loading)'));
    expect(seen.filter((s) => s === '(loading)').length).toBeGreaterThanOrEqual(2);
  });

  it('passes later answers of the same key straight through', async () => {
    const { rerender } = render(<Shown />);
    act(() => rerender(<Shown value="v1" id={5} />));
    await waitFor(() => expect(screen.getByTestId('shown').textContent).toBe('v1'));
    seen.length = 0;
    act(() => rerender(<Shown value="v2" id={5} />));
    expect(seen[0]).toBe('v2');
  });

  it('does not hold back a value there from the start', () => {
    render(<Shown value="cached" id={5} />);
    expect(seen[0]).toBe('cached');
  });
});
