import { http } from '../http';
import { whenIdle } from '../platform/when-idle';
import { useBrandingStore } from './branding-store';

/** The longest the brand check waits for the browser to be idle. */
const CHECK_IDLE_TIMEOUT_MS = 2000;

const idle = () => new Promise<void>((resolve) => whenIdle(resolve, CHECK_IDLE_TIMEOUT_MS));

/**
 * Reads and checks the brand file, fetched after start-up rather than with the first screen.
 * The check (zod and the file's schema, ~70 ms on a slow phone) is a chunk of its own, loaded
 * and run in two separate idle periods, so that neither lands in the middle of the first
 * screen's work.
 */
export async function fetchBrands(): Promise<void> {
  const answer = await http.request<unknown>('/webapp/v3/json/brands.json', { auth: false });
  await idle();
  const { checkBrands } = await import('./check-brands');
  await idle();
  const brands = checkBrands(answer);
  if (brands) useBrandingStore.getState().setBrands(brands);
}
