import { http, reportError, reportRefusal } from '../http';
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
  const answer = await http
    .request<unknown>('/webapp/v3/json/brands.json', { auth: false })
    .catch((error: unknown) => {
      // Spec 1 §8: a failed branding fetch is the dataUpdate error; the HTTP layer shows it
      // but for a refusal (by the server's error code), which it leaves to the caller.
      reportRefusal(error, 'dataUpdate');
      throw error;
    });
  await idle();
  const { checkBrands } = await import('./check-brands');
  await idle();
  const brands = checkBrands(answer);
  // A file that does not hold is a failed fetch too; the branding already held stays.
  if (brands) useBrandingStore.getState().setBrands(brands);
  else reportError('dataUpdate');
}
