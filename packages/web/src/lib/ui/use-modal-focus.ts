import { useEffect, useState, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && !el.closest('[hidden]'),
  );
}

/**
 * A modal's keyboard contract (WAI-ARIA dialog): Tab and Shift+Tab cycle inside it instead of
 * reaching the page behind, and closing it gives the focus back to what opened it.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>): void {
  // Read when the modal first renders: by its effects an autoFocus inside has taken the focus.
  const [opener] = useState(() => document.activeElement);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const stops = tabStops(root);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) {
        e.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (e.shiftKey && (active === first || active === root)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    };
    root.addEventListener('keydown', onKeyDown);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [ref, opener]);
}
