import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { tokenExpiringIn } from '../test/tokens';
import { devData, fakeSockets, home, mgrNode } from '../test/fake-devices';
import { useSessionStore } from '../lib/session/session-store';
import { DashboardPage } from '../features/dashboard';
import { NodeRecordsPage } from '../features/records';

// jsdom has no canvas; the records chart is not what this test looks at.
vi.mock('../features/records/components/records-chart', () => ({ RecordsChart: () => null }));

beforeEach(() => {
  useSessionStore.getState().setSession({
    token: tokenExpiringIn(3_600_000),
    refreshToken: 'r',
    username: 'a@b.c',
  });
});
afterEach(() => vi.unstubAllGlobals());

test('Back from a node’s records shows the home of the URL: every screen reads the homes sorted by id', async () => {
  // The server lists the homes in another order than their ids.
  installFakeFetch({
    'GET /api/v2/grouped_devs': () =>
      json([home('h2', 'Flat', ['dev2']), home('h1', 'Casa', ['dev1'])]),
    'GET /api/v2/devs/dev1/mgr/nodes': () => json({ nodes: [mgrNode('Lounge', 1)] }),
    'GET /api/v2/devs/dev2/mgr/nodes': () => json({ nodes: [mgrNode('Bedroom', 1)] }),
    'GET /api/v2/devs/dev2/dev_data': () => json(devData([mgrNode('Bedroom', 1)])),
    'GET /api/v2/devs/dev2/htr/1/samples': () => json({ samples: [] }),
  });
  renderWithApp(
    <Routes>
      <Route path="/" element={<DashboardPage />} />
      <Route
        path="/homes/:homeId/devs/:devId/:nodeType/:addr/records"
        element={
          <>
            <NodeRecordsPage />
            {/* The dashboard's records link keeps the home's index; Back returns to it. */}
            <Link to="/?homeIndex=1">back to the dashboard</Link>
          </>
        }
      />
    </Routes>,
    { path: '/homes/h2/devs/dev2/htr/1/records', connectDevice: fakeSockets().connect },
  );
  await waitFor(() => expect(screen.getByTestId('records-title')).toHaveTextContent('Flat'), {
    timeout: 5_000,
  });
  fireEvent.click(screen.getByRole('link', { name: 'back to the dashboard' }));
  // Sorted ids: h1 is index 0, h2 (the home of the records) index 1.
  expect(await screen.findByRole('heading', { name: 'Flat' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Casa' })).toBeNull();
});
