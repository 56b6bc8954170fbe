import { useSessionStore } from '../session/session-store';
import type { DemoBackend } from './demo-backend';

let shared: Promise<DemoBackend> | null = null;

/** Spec 1 §9: the dashboard (`/`) reads the fixed demo power. */
const onDashboard = () => window.location.pathname === '/';

/**
 * The demo backend of this demo session, loaded on first use (its code is a separate chunk
 * that only demo visitors download). Leaving demo mode drops it, so the next demo starts
 * from the five sample homes again.
 */
export function demoBackend(): Promise<DemoBackend> {
  shared ??= import('./demo-backend').then((m) => m.createDemoBackend({ onDashboard }));
  return shared;
}

useSessionStore.subscribe((state, previous) => {
  if (previous.demo && !state.demo) shared = null;
});

export function isDemo(): boolean {
  return useSessionStore.getState().demo;
}
