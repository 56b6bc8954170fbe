import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ConnectDevice } from '../lib/socket/realtime-context';
import { renderWithApp } from './render';

/** No device sockets: screens under test see devices as connecting. */
const noSockets: ConnectDevice = () => ({ close: () => undefined, resume: () => undefined });

/** Shows the current location so tests can assert where a screen navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname + location.search}</span>;
}

/** Renders `element` at `path` (matching `pattern`), plus a probe of the current location. */
export function renderRoute(
  pattern: string,
  element: ReactElement,
  path: string,
  connectDevice: ConnectDevice = noSockets,
) {
  return renderWithApp(
    <>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { path, connectDevice },
  );
}
