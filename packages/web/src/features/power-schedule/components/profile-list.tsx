import { useTranslation } from 'react-i18next';
import { profileLegend, type PowerProfile } from '@hearth/protocol';

interface ProfileListProps {
  profiles: readonly PowerProfile[];
  brush: number;
  canAdd: boolean;
  onBrush: (index: number) => void;
  onEdit: (index: number) => void;
  onAdd: () => void;
}

/** The legend doubles as the brush: the chosen profile is what a tapped hour takes. */
export function ProfileList({ profiles, brush, canAdd, onBrush, onEdit, onAdd }: ProfileListProps) {
  const { t, i18n } = useTranslation();
  // Spec 3 §2: legends show the wattage (in the user's number format) or the limitless label.
  const watts = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <section className="power__profiles" aria-labelledby="power-profiles-title">
      <h2 id="power-profiles-title">{t('powerSchedule.profiles.title')}</h2>
      <ul role="radiogroup" aria-label={t('powerSchedule.profiles.brush')}>
        {profiles.map((p, i) => {
          const legend = profileLegend(p.value);
          return (
            <li key={i} className="power__profile" data-testid="power-profile">
              <label>
                <input
                  type="radio"
                  name="power-brush"
                  checked={brush === i}
                  onChange={() => onBrush(i)}
                  aria-label={p.name}
                />
                <span className="power__swatch" style={{ background: p.color }} />
                {/* Whole, wrapping if it must: cut names ("New p…") could not be told apart. */}
                <span className="power__profile-name">{p.name}</span>
                <span className="power__legend">
                  {legend.limitless
                    ? t('powerSchedule.profiles.limitless')
                    : t('powerSchedule.profiles.watts', { watts: watts.format(legend.watts) })}
                </span>
              </label>
              <button
                type="button"
                aria-label={t('powerSchedule.profiles.edit', { name: p.name })}
                onClick={() => onEdit(i)}
              >
                ✎
              </button>
            </li>
          );
        })}
      </ul>
      {canAdd && (
        <button type="button" onClick={onAdd}>
          {t('powerSchedule.profiles.add')}
        </button>
      )}
    </section>
  );
}
