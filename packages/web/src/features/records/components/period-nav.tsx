import { useTranslation } from 'react-i18next';
import type { RecordsPeriod } from '@hearth/protocol';

interface PeriodNavProps {
  period: RecordsPeriod;
  nextHidden: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onUp?: () => void;
}

export function periodLabel(p: RecordsPeriod, lang: string): string {
  const at = new Date(
    Date.UTC(p.year, p.scope === 'year' ? 0 : p.month - 1, p.scope === 'day' ? p.day : 1, 12),
  );
  const opts: Intl.DateTimeFormatOptions =
    p.scope === 'day'
      ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : p.scope === 'month'
        ? { month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { year: 'numeric', timeZone: 'UTC' };
  const text = new Intl.DateTimeFormat(lang, opts).format(at);
  // Sentence case ("Noviembre de 2026"), never every word ("27 De Noviembre De 2026"): only
  // the first letter, as a title starts; the language's own case stays inside.
  return text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);
}

/** Spec 3 §2: previous and next step one day, month or year; next hides at today. */
export function PeriodNav({ period, nextHidden, onPrevious, onNext, onUp }: PeriodNavProps) {
  const { t, i18n } = useTranslation();
  return (
    <nav className="records__nav" aria-label={t('records.period')}>
      <button
        type="button"
        className="hearth-button records__step"
        aria-label={t(`records.previous.${period.scope}`)}
        onClick={onPrevious}
      >
        ‹
      </button>
      <h2 className="records__period" data-testid="records-period">
        {periodLabel(period, i18n.language)}
      </h2>
      {!nextHidden && (
        <button
          type="button"
          className="hearth-button records__step"
          aria-label={t(`records.next.${period.scope}`)}
          onClick={onNext}
        >
          ›
        </button>
      )}
      {onUp && (
        <button type="button" className="hearth-button records__up" onClick={onUp}>
          {t(`records.up.${period.scope}`)}
        </button>
      )}
    </nav>
  );
}
