import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Button } from './ui/button';
import { Input } from './ui/input';
import { renderWithClient } from '@/test/render';

afterEach(cleanup);

// Rendered as the app renders it, inside the interface's language (its Cancel is translated).
const dialog = (children?: React.ReactNode) =>
  renderWithClient(
    <ConfirmDialog open title="Confirm your attestation" description="I have read it." pending={false} onClose={() => {}} action={<Button>Attest</Button>}>
      {children}
    </ConfirmDialog>,
  );

describe('a confirmation dialog', () => {
  it('opens with focus in the password field when it asks for a signature', async () => {
    dialog(<Input type="password" aria-label="Your password (signature)" />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your password (signature)')));
  });
  it('opens on Cancel when there is nothing to type', async () => {
    dialog();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
  });
});
