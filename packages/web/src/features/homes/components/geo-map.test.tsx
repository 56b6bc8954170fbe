import { afterEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage } from '../../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../../lib/i18n/detect-language';
import { GeoMap } from './geo-map';

const at = { lat: 41.39, lon: 2.17 };

function show(pickable: boolean) {
  const onPick = vi.fn();
  const { container } = render(
    <GeoMap
      center={at}
      zoom={14}
      marker={at}
      area={at}
      range={500}
      label="Map"
      pickable={pickable}
      onPick={onPick}
    />,
  );
  const map = container.querySelector<HTMLElement>('.leaflet-container');
  if (!map) throw new Error('no map');
  return { onPick, map, container };
}

afterEach(async () => {
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

describe('home map (docs/design.md §5: named controls, keyboard, i18n)', () => {
  test('Enter on the map picks its centre, so a keyboard user can place the home', () => {
    const { onPick, map } = show(true);
    map.focus();
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledTimes(1);
    const [picked] = onPick.mock.calls[0] as [{ lat: number; lon: number }];
    expect(picked.lat).toBeCloseTo(at.lat, 4);
    expect(picked.lon).toBeCloseTo(at.lon, 4);
    expect(screen.getByRole('application', { name: 'Map' })).toHaveAccessibleDescription(
      'Move the map with the arrow keys and press Enter to place the home at its centre.',
    );
  });

  test('a user who may not move the home gets no keyboard pick nor its hint', () => {
    const { onPick, map } = show(false);
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.getByRole('application', { name: 'Map' })).not.toHaveAccessibleDescription();
  });

  test('the zoom buttons and the marker are named in the language', async () => {
    await changeLanguage('ru');
    const { container } = show(true);
    expect(screen.getByRole('button', { name: 'Приблизить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Отдалить' })).toBeInTheDocument();
    expect(container.querySelector('img.leaflet-marker-icon')).toHaveAttribute(
      'alt',
      'Положение дома',
    );
  });
});
