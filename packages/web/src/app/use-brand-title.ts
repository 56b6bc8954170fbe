import { useEffect } from 'react';
import { useClientData } from '../lib/client-data';

/**
 * The page title is the brand's client data title (spec 1 §3, §7 appParameters.title) once it
 * has arrived; until then, or when the brand names none, the built-in one stays.
 */
export function useBrandTitle(): void {
  const title = useClientData().appParameters?.title.trim();
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
