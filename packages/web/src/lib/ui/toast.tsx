import { useLayoutEffect, useState, type CSSProperties } from 'react';
import './toast.css';
import { Overlay } from './overlay';

export type ToastVariant = 'warning' | 'danger';

interface ToastProps {
  title: string;
  message: string;
  variant: ToastVariant;
  closeLabel: string;
  onDismiss: () => void;
  testId?: string;
}

/**
 * How much of the screen's bottom the page on screen covers with its toolbars (its
 * `ion-footer`): a toast sits above them, never over their controls. Pages Ionic keeps behind
 * the one on screen are hidden (no box) and count for nothing.
 */
export function bottomBarsHeight(doc: Document = document): number {
  const viewport = doc.defaultView?.innerHeight ?? 0;
  let covered = 0;
  for (const bar of doc.querySelectorAll('ion-footer')) {
    if (bar.closest('.ion-page-hidden, [aria-hidden="true"]')) continue;
    const box = bar.getBoundingClientRect();
    // Only a bar at the bottom edge: a footer scrolled inside a page's content is not one.
    if (box.width === 0 || box.height === 0 || box.bottom < viewport - 1) continue;
    covered = Math.max(covered, viewport - box.top);
  }
  return Math.max(0, Math.round(covered));
}

/**
 * The bottom toolbars' height, followed while the toast shows: as the window changes size, and
 * as pages come and go (a toast raised on one page can outlive it: the next page's toolbar may be
 * taller) or a toolbar grows.
 */
function useBottomBarsHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    setHeight(bottomBarsHeight());
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setHeight(bottomBarsHeight()));
    };
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const watchBars = () => {
      resized?.disconnect();
      for (const bar of document.querySelectorAll('ion-footer')) resized?.observe(bar);
    };
    watchBars();
    const changed = new MutationObserver(() => {
      watchBars();
      measure();
    });
    changed.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class'],
    });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      changed.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return height;
}

/**
 * A toast in Ionic's look, rendered as plain DOM so that screen readers announce it
 * (role alert) and tests can read it; the owner decides how long it stays. It is drawn above
 * the page's bottom toolbar (issue 25: it covered the toolbar's controls on a phone).
 */
export function Toast({ title, message, variant, closeLabel, onDismiss, testId }: ToastProps) {
  const bars = useBottomBarsHeight();
  const style = bars > 0 ? ({ '--hearth-toast-above': `${bars}px` } as CSSProperties) : undefined;
  return (
    <Overlay>
      <div
        role="alert"
        className={`hearth-toast hearth-toast--${variant}`}
        data-testid={testId}
        style={style}
      >
        <div className="hearth-toast__text">
          <strong className="hearth-toast__title">{title}</strong>
          <span className="hearth-toast__message">{message}</span>
        </div>
        <button
          type="button"
          className="hearth-toast__close"
          aria-label={closeLabel}
          onClick={onDismiss}
        >
          ×
        </button>
      </div>
    </Overlay>
  );
}
