import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Draws a dialog, full-screen help or toast at the end of the document body. Inside a page
 * it would share the page content's stacking context, under the page's toolbars (its close
 * button or its second line hidden) whatever its z-index.
 */
export function Overlay({ children }: { children: ReactNode }) {
  return createPortal(children, document.body);
}
