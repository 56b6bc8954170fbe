import { describe, expect, test } from 'vitest';
import { render, screen } from '@testing-library/react';
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
