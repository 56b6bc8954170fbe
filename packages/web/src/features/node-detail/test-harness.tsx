import { act } from '@testing-library/react';
import { Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import type { NodeStatus, SnapshotNode } from '@hearth/protocol';
import { installFakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { errorBody } from '../../test/toast-count';
import { renderWithApp } from '../../test/render';
import { devData, fakeSockets, home } from '../../test/fake-devices';
import { NodeDetailPage } from './node-detail-page';

/** Opens the detail route against a fake API and fake sockets; the tests play the device. */
export const DEV = '0123456789abcdef01';
export const base: NodeStatus = {
  mode: 'manual',
  stemp: '21.0',
  mtemp: '19.0',
  units: 'C',
  sync_status: 'ok',
};
export const posts: RecordedCall[] = [];

/** The answer to the writes: 200, or what the server says of a write it refuses. */
let writeStatus = 200;
let writeCode: string | undefined = 'bad_request';
/** Writes fail with this status, and this error code (none: a code the app does not know). */
export function answerWritesWith(status: number, code: string | undefined = 'bad_request') {
  writeStatus = status;
  writeCode = code;
}

/** Where the router is and how it got there (a push or a replace). */
function NavigationProbe() {
  const location = useLocation();
  const how = useNavigationType();
  return <output data-testid="navigation" data-how={how} data-path={location.pathname} />;
}

export function open(
  nodes: SnapshotNode[],
  path = `/homes/h1/devs/${DEV}/htr/1`,
  clock = { y: 2026, n: 11, d: 21, h: 10, m: 0, s: 0, w: 6 },
) {
  posts.length = 0;
  writeStatus = 200;
  const record = (call: RecordedCall) => {
    posts.push(call);
    return writeStatus === 200
      ? json({})
      : json({ ...errorBody(writeStatus, writeCode), message: 'refused' }, writeStatus);
  };
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', [DEV])]),
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
    [`GET /api/v2/devs/${DEV}/mgr/rtc/time`]: () => json(clock),
    [`POST /api/v2/devs/${DEV}/htr/1/status`]: record,
    [`POST /api/v2/devs/${DEV}/htr/1/boost`]: record,
    [`POST /api/v2/devs/${DEV}/acm/1/boost`]: record,
  });
  const sockets = fakeSockets();
  const view = renderWithApp(
    <>
      <Routes>
        <Route path="/homes/:homeId/devs/:devId/:nodeType/:addr" element={<NodeDetailPage />} />
      </Routes>
      <NavigationProbe />
    </>,
    { path, connectDevice: sockets.connect },
  );
  const seed = (list = nodes) => act(() => sockets.seed(DEV, devData(list)));
  return { sockets, seed, view };
}

export const body = (i: number) => JSON.parse(posts[i]?.body ?? '{}') as Record<string, unknown>;
