import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupedHome } from '@hearth/protocol';
import { homePickerKind } from '../model/dashboard-rules';
import { homeTitle } from './home-header';

/** Spec 3 §2: the carousel shows 3 items. */
const CAROUSEL_VISIBLE_HOMES = 3;

interface HomePickerProps {
  homes: readonly GroupedHome[];
  index: number;
  onSelect: (index: number) => void;
}

/**
 * Spec 1 §2: a carousel of 3 visible homes (swipe through scroll snapping) up to 8 homes,
 * a dropdown above. A single home needs no picker.
 */
export function HomePicker({ homes, index, onSelect }: HomePickerProps) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = track.current?.children[index];
    if (el instanceof HTMLElement && typeof el.scrollIntoView === 'function') {
      el.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
    }
  }, [index]);

  if (homes.length < 2) return null;
  const guest = t('dashboard.guest');

  if (homePickerKind(homes.length) === 'dropdown') {
    return (
      <label className="home-picker home-picker--dropdown">
        <span className="visually-hidden">{t('dashboard.chooseHome')}</span>
        <select
          value={index}
          onChange={(e) => onSelect(Number(e.target.value))}
          aria-label={t('dashboard.chooseHome')}
        >
          {homes.map((home, i) => (
            <option key={home.id} value={i}>
              {homeTitle(home, guest)}
            </option>
          ))}
        </select>
      </label>
    );
  }

  // Spec 3 §2: the carousel shows 3 homes; with more, arrows step through them (by keyboard
  // too). A wide screen shows every home, and its stylesheet hides the arrows.
  const arrows = homes.length > CAROUSEL_VISIBLE_HOMES;
  return (
    <nav
      className={`home-picker${arrows ? ' home-picker--arrows' : ''}`}
      aria-label={t('dashboard.chooseHome')}
    >
      {arrows && (
        <button
          type="button"
          className="home-picker__arrow"
          aria-label={t('dashboard.previousHome')}
          disabled={index === 0}
          onClick={() => onSelect(index - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      )}
      <div className="home-carousel" ref={track} data-testid="home-carousel">
        {homes.map((home, i) => (
          <button
            key={home.id}
            type="button"
            className={`home-carousel__item${i === index ? ' home-carousel__item--active' : ''}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => onSelect(i)}
          >
            {homeTitle(home, guest)}
          </button>
        ))}
      </div>
      {arrows && (
        <button
          type="button"
          className="home-picker__arrow"
          aria-label={t('dashboard.nextHome')}
          disabled={index === homes.length - 1}
          onClick={() => onSelect(index + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      )}
    </nav>
  );
}
