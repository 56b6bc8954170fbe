import { expect } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { devData, fakeSockets, home, liveNode } from '../../test/fake-devices';
import { renderWithApp } from '../../test/render';
import { signIn } from '../../test/session';

export const DEV = '0123456789abcdef01';
export const ROOM = `${DEV}/htr/1`;
export const COMFORT = `/api/hearth/v1/devs/${DEV}/htr/1/comfort`;
export const HOME = '/api/hearth/v1/homes/h1';

type Routes_ = Parameters<typeof installFakeFetch>[0];

/** Opens a comfort screen in home h1 (one gateway: Lounge htr 1, Study htr 2) on a fake API. */
export function openComfort(
  pattern: string,
  element: ReactElement,
  path: string,
  routes: Routes_,
  { owner = true, units = 'C' as 'C' | 'F' } = {},
) {
  signIn();
  const nodes = [
    liveNode('Lounge', 1, { mode: 'auto', stemp: '21.0', mtemp: '19.0', units }),
    liveNode('Study', 2, { mode: 'auto', stemp: '20.0', mtemp: '19.5', units }),
  ];
  const { calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV], owner)]),
    [`GET /api/v2/devs/${DEV}/mgr/nodes`]: () =>
      json({
        nodes: nodes.map(({ name, addr, type, installed, lost }) => ({
          name,
          addr,
          type,
          installed,
          lost,
        })),
      }),
    ...routes,
  });
  const sockets = fakeSockets();
  const view = renderWithApp(
    <Routes>
      <Route path={pattern} element={element} />
    </Routes>,
    { path, connectDevice: sockets.connect },
  );
  /** Once the screen has opened the gateway's socket, its snapshot arrives. */
  const seed = async () => {
    await waitFor(() => expect(sockets.open.has(DEV)).toBe(true));
    act(() => sockets.seed(DEV, devData(nodes, { geo_data: { tz_code: 'Europe/Paris' } })));
  };
  const writes = () => calls.filter((c: RecordedCall) => c.method !== 'GET');
  return { calls, writes, seed, view };
}

export { json };
