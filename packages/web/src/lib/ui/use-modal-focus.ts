import { useEffect, useState, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function tabStops(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.hasAttribute('disabled') && !el.closest('[hidden]'),
  );
}

/** Messages that must stay reachable while a modal is up: toasts and the offline banner. */
const LIVE = '[role="alert"], [role="status"], [aria-live]';

/**
 * What lies behind an open modal is made inert: out of reach of the keyboard, the pointer and
 * screen readers (aria-modal alone is not honoured everywhere), and so out of accessibility
 * checks of the page too. Live messages stay reachable; what an outer modal made inert stays so.
 */
function useInertBehind(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    const behind = [...document.body.children].filter(
      (el) =>
        !el.contains(root) &&
        !el.hasAttribute('inert') &&
        !el.matches(LIVE) &&
        !['SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName),
    );
    for (const el of behind) el.setAttribute('inert', '');
    return () => {
      for (const el of behind) el.removeAttribute('inert');
    };
  }, [ref]);
}

/**
 * A modal's keyboard contract (WAI-ARIA dialog): Tab and Shift+Tab cycle inside it instead of
 * reaching the page behind, and closing it gives the focus back to what opened it.
 */
export function useModalFocus(ref: RefObject<HTMLElement | null>): void {
  // Read when the modal first renders: by its effects an autoFocus inside has taken the focus.
  const [opener] = useState(() => document.activeElement);
  useInertBehind(ref);
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
