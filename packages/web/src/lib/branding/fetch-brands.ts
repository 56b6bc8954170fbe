import { brandsFileSchema } from '@hearth/protocol';
import { http } from '../http';
import { useBrandingStore } from './branding-store';

/**
 * Reads and checks the brand file. A chunk of its own (with zod, which checks it), fetched
 * after start-up rather than with the first screen.
 */
export async function fetchBrands(): Promise<void> {
  const answer = await http.request<unknown>('/webapp/v3/json/brands.json', { auth: false });
  const parsed = brandsFileSchema.safeParse(answer);
  if (parsed.success) useBrandingStore.getState().setBrands(parsed.data);
}
