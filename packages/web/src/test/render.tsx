import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import type { ConnectDevice } from '../lib/socket/realtime-context';

/** Renders a screen with the app's real providers inside a memory router. */
export function renderWithApp(
  ui: ReactElement,
  options: { path?: string; connectDevice?: ConnectDevice } = {},
) {
  const queryClient = createQueryClient();
  const result = render(
    <Providers queryClient={queryClient} connectDevice={options.connectDevice}>
      <MemoryRouter
        initialEntries={[options.path ?? '/']}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        {ui}
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient };
}
