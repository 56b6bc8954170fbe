import { expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { lazyPart } from './quiet-part';

test('a part shows once its code has loaded', async () => {
  const Part = lazyPart(async () => ({ name }: { name: string }) => <p>Notice for {name}</p>);
  render(<Part name="Lounge" />);
  expect(await screen.findByText('Notice for Lounge')).toBeVisible();
});

test('a part whose code does not load leaves nothing, not a reload message, in the screen around it', async () => {
  let failed!: () => void;
  const loading = new Promise<void>((resolve) => (failed = resolve));
  const Part = lazyPart<object>(async () => {
    await loading;
    throw new Error('chunk failed');
  });
  const { container } = render(
    <div data-testid="card">
      <p>Lounge</p>
      <Part />
    </div>,
  );
  const caught = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    failed();
    // React reports the error its boundary caught: only then is the failure settled.
    await waitFor(() => expect(caught).toHaveBeenCalled());
    expect(container.textContent).toBe('Lounge');
    expect(screen.queryByRole('alert')).toBeNull();
  } finally {
    caught.mockRestore();
  }
});
