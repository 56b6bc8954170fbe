import { afterEach, describe, expect, test, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { TEXT_CONTRAST_MIN } from '@hearth/protocol';
import { appStylesheets, cascade, seenContrast } from '../../test/css-cascade';
import { Toast, type ToastVariant } from './toast';

/** A toast raised from inside a page, as the node detail's modified-auto advice is. */
function renderInPage(variant: ToastVariant) {
  return render(
    <div className="ion-page">
      <div data-testid="page-content">
        <Toast
          title="Advice"
          message="You changed the temperature of the schedule: auto mode is modified until the next schedule change."
          variant={variant}
          closeLabel="Close"
          onDismiss={() => undefined}
        />
      </div>
      <div data-testid="page-footer" />
    </div>,
  );
}

describe('toasts, as seen', () => {
  test.each(['warning', 'danger'] as const)(
    'a %s toast reads at WCAG AA (the warning was white on mustard, 1.9:1)',
    (variant) => {
      renderInPage(variant);
      const seen = cascade(appStylesheets());
      const toast = screen.getByRole('alert');
      for (const part of [...toast.querySelectorAll('strong, span, button')])
        expect(seenContrast(seen, part), part.textContent ?? '').toBeGreaterThanOrEqual(
          TEXT_CONTRAST_MIN,
        );
    },
  );

  test("is drawn above the page's toolbars, not inside the page content", () => {
    renderInPage('warning');
    const toast = screen.getByRole('alert');
    expect(screen.getByTestId('page-content')).not.toContainElement(toast);
    expect(toast.parentElement).toBe(document.body);
  });

  test('its close button is a 44 px touch target', () => {
    renderInPage('danger');
    const seen = cascade(appStylesheets());
    const close = screen.getByRole('button', { name: 'Close' });
    expect(seen.value(close, 'min-height')).toBe('44px');
    expect(seen.value(close, 'min-width')).toBe('44px');
  });
});

/** A page's bottom toolbar, boxed where a browser would lay it out on a 915 px high phone. */
function footer(page: HTMLElement, top: number, height: number) {
  const bar = document.createElement('ion-footer');
  bar.getBoundingClientRect = () =>
    ({
      top,
      bottom: top + height,
      height,
      width: height ? 412 : 0,
      left: 0,
      right: 412,
    }) as DOMRect;
  page.append(bar);
}

function pageWith(hidden = false) {
  const page = document.createElement('div');
  page.className = hidden ? 'ion-page ion-page-hidden' : 'ion-page';
  document.body.append(page);
  return page;
}

describe('a toast on a page with a bottom toolbar (issue 25)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    for (const page of document.querySelectorAll('.ion-page')) page.remove();
  });

  test('sits above the toolbar of the page on screen, covering none of its controls', () => {
    vi.stubGlobal('innerHeight', 915);
    footer(pageWith(), 859, 56);
    // A page Ionic keeps behind the one on screen, with its own (taller) toolbar: no box.
    footer(pageWith(true), 0, 0);
    render(
      <Toast title="Advice" message="…" variant="warning" closeLabel="Close" onDismiss={() => 0} />,
    );
    const toast = screen.getByRole('alert');
    expect(toast.style.getPropertyValue('--hearth-toast-above')).toBe('56px');
  });

  test('follows the page on screen: raised on one page, it moves above the next page toolbar', async () => {
    vi.stubGlobal('innerHeight', 915);
    const detail = pageWith();
    footer(detail, 859, 56);
    render(
      <Toast title="Error" message="…" variant="danger" closeLabel="Close" onDismiss={() => 0} />,
    );
    const toast = screen.getByRole('alert');
    expect(toast.style.getPropertyValue('--hearth-toast-above')).toBe('56px');
    // Back to the dashboard, whose toolbar takes two rows.
    detail.className = 'ion-page ion-page-hidden';
    footer(pageWith(), 823, 92);
    await waitFor(() => expect(toast.style.getPropertyValue('--hearth-toast-above')).toBe('92px'));
  });

  test('with no bottom toolbar it keeps to the bottom edge', () => {
    vi.stubGlobal('innerHeight', 915);
    // A footer inside the content, not at the bottom edge, is not a bottom toolbar.
    footer(pageWith(), 400, 56);
    render(
      <Toast title="Error" message="…" variant="danger" closeLabel="Close" onDismiss={() => 0} />,
    );
    const toast = screen.getByRole('alert');
    expect(toast.style.getPropertyValue('--hearth-toast-above')).toBe('');
  });
});
