import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Replaces the current route with `to`, once when it mounts and again only if `to` changes.
 *
 * React Router's `<Navigate>` navigates again whenever the location changes while it stays
 * mounted, and the Ionic router outlet keeps pages mounted after the user leaves them. A guard
 * or a route redirect left in such a page would pull every later navigation back to its own
 * target (a stale sign-in guard sent every tap on a heater card back to the dashboard).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  const done = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (done.current === to) return;
    done.current = to;
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
