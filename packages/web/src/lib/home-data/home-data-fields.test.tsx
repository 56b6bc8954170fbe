import { expect, test, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { LocationInfo } from '@hearth/protocol';
import { renderWithApp } from '../../test/render';
import { HomeDataFields } from './home-data-fields';
import { EMPTY_HOME_DATA } from './home-data-model';

// One country is enough for these rules; the type names all eleven.
const info = {
  ES: { zipFormat: '\\d{5}', states: { Madrid: 'Europe/Madrid' } },
} as unknown as LocationInfo;

test('the country list is the spec list, in its order (spec 1 §9, spec 2 §5)', () => {
  renderWithApp(
    <HomeDataFields ns="homes" value={EMPTY_HOME_DATA} info={info} onChange={vi.fn()} />,
  );
  const values = [...(screen.getByLabelText('Country') as HTMLSelectElement).options]
    .map((o) => o.value)
    .filter((v) => v !== '');
  expect(values).toEqual(['AD', 'BE', 'ES', 'FR', 'IT', 'PT', 'GB', 'JE', 'GG', 'IM', 'IE']);
});

test('the region is disabled until a country is chosen (spec 2 §2)', () => {
  const { rerender } = renderWithApp(
    <HomeDataFields ns="homes" value={EMPTY_HOME_DATA} info={info} onChange={vi.fn()} />,
  );
  expect(screen.getByLabelText('Region')).toBeDisabled();
  rerender(
    <HomeDataFields
      ns="homes"
      value={{ ...EMPTY_HOME_DATA, country: 'ES' }}
      info={info}
      onChange={vi.fn()}
    />,
  );
  expect(screen.getByLabelText('Region')).toBeEnabled();
});
