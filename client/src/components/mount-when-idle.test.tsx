import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MountWhenIdle } from './mount-when-idle';

afterEach(cleanup);

describe('MountWhenIdle', () => {
  it('mounts each block after the first render, every one in the end', async () => {
    render(
      <>
        <p>Trigger</p>
        <MountWhenIdle>
          <p>List one</p>
        </MountWhenIdle>
        <MountWhenIdle>
          <p>List two</p>
        </MountWhenIdle>
      </>,
    );
    expect(screen.getByText('Trigger')).toBeTruthy();
    expect(screen.queryByText('List one')).toBeNull();
    await waitFor(() => expect(screen.getByText('List two')).toBeTruthy());
    expect(screen.getByText('List one')).toBeTruthy();
  });
});
