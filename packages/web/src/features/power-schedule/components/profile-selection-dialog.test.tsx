import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { installFakeFetch, json } from '../../../test/fake-fetch';
import { renderWithApp } from '../../../test/render';
import { signIn } from '../../../test/session';
import { changeLanguage } from '../../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../../lib/i18n/detect-language';
import { ProfileSelectionDialog } from './profile-selection-dialog';

beforeEach(() => {
  signIn();
  // The catalogue labels its values in English only; the dialog must not show them as they are.
  installFakeFetch({
    'GET /assets/maxPowerConfig.json': () =>
      json([
        { value: 5500, label: '5.5 kW' },
        { value: 15000, label: '15 kW' },
      ]),
  });
});

afterEach(async () => {
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

async function optionNames() {
  renderWithApp(<ProfileSelectionDialog existing={[]} onCancel={vi.fn()} onChoose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findAllByRole('checkbox', { name: /15/ });
  return within(dialog)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);
}

describe('max power choices in the user language and number format (docs/design.md §5 i18n)', () => {
  test('English reads a decimal point and kW', async () => {
    expect((await optionNames()).slice(1)).toEqual(['5.5 kW', '15 kW']);
  });

  test('Spanish reads a decimal comma', async () => {
    await changeLanguage('es');
    expect((await optionNames()).slice(1)).toEqual(['5,5 kW', '15 kW']);
  });

  test('Russian reads a decimal comma and its own unit', async () => {
    await changeLanguage('ru');
    expect((await optionNames()).slice(1)).toEqual(['5,5 кВт', '15 кВт']);
  });
});
