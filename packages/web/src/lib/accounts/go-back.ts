import type { NavigateFunction } from 'react-router-dom';

/** "Back one page" as the spec says, or to `fallback` when the screen was opened directly. */
export function goBack(navigate: NavigateFunction, fallback = '/login'): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) navigate(-1);
  else navigate(fallback, { replace: true });
}
