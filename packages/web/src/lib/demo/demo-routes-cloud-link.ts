import { route, type DemoRoute } from './demo-router';

const BASE = '/api/v2/cloud_links';

/**
 * The cloud-link reads (docs/cloud-link.md). The demo reaches no vendor cloud: it offers none
 * and has no linked account, so the screen says linking is not available in demo mode.
 */
export function cloudLinkRoutes(): DemoRoute[] {
  return [
    route('GET', `${BASE}/clouds`, () => ({ clouds: [] })),
    route('GET', `${BASE}/accounts`, () => ({ accounts: [] })),
  ];
}
