import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { changeLanguage } from '../../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../../lib/i18n/detect-language';
import { ProfileDialog } from './profile-dialog';

afterEach(async () => {
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

function show() {
  renderWithApp(
    <ProfileDialog
      profile={{ name: 'Night', color: '#3366cc', value: 3000 }}
      isNew={false}
      onCancel={vi.fn()}
      onSave={vi.fn()}
      onDelete={vi.fn()}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: /#3366cc/ }));
}

describe('power profile colour wheel (docs/design.md §5: named controls in every language)', () => {
  test('its sliders are named in the language, and stay so as the colour moves', async () => {
    await changeLanguage('ru');
    show();
    const hue = screen.getByRole('slider', { name: 'Оттенок' });
    const shade = screen.getByRole('slider', { name: 'Насыщенность и яркость' });
    expect(shade.getAttribute('aria-valuetext')).toMatch(/^Насыщенность \d+ %, яркость \d+ %$/);
    fireEvent.keyDown(shade, { key: 'ArrowRight' });
    fireEvent.keyDown(hue, { key: 'ArrowRight' });
    await waitFor(() => expect(shade.getAttribute('aria-valuetext')).toMatch(/^Насыщенность/));
    expect(hue).toHaveAccessibleName('Оттенок');
    expect(screen.queryByRole('slider', { name: 'Hue' })).not.toBeInTheDocument();
  });

  test('in English too, the library names are replaced by the app strings', () => {
    show();
    expect(screen.getByRole('slider', { name: 'Hue' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Saturation and brightness' })).toBeInTheDocument();
  });

  test('the wheel is 200 px across (spec 3 §9)', () => {
    show();
    const picker = document.querySelector<HTMLElement>('.react-colorful');
    expect(picker?.style.width).toBe('200px');
    expect(picker?.style.height).toBe('200px');
  });
});
