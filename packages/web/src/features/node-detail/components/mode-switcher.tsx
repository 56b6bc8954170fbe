import { useTranslation } from 'react-i18next';
import { isActiveInSwitcher, switcherModes, type NodeMode } from '@hearth/protocol';

interface ModeSwitcherProps {
  available: readonly NodeMode[];
  current: NodeMode | undefined;
  disabled?: boolean;
  onPick: (mode: NodeMode) => void;
}

/** Spec 3 §2 mode switcher: every offered mode but modified_auto, boost, easy and on. */
export function ModeSwitcher({ available, current, disabled, onPick }: ModeSwitcherProps) {
  const { t } = useTranslation();
  return (
    <div className="mode-switcher" role="group" aria-label={t('nodeDetail.mode')}>
      {switcherModes(available).map((mode) => {
        const active = isActiveInSwitcher(current, mode);
        return (
          <button
            key={mode}
            type="button"
            className={`mode-switcher__mode${active ? ' mode-switcher__mode--active' : ''}`}
            aria-pressed={active}
            disabled={disabled}
            data-mode={mode}
            onClick={() => onPick(mode)}
          >
            {t(`nodeDetail.modes.${mode}`)}
          </button>
        );
      })}
    </div>
  );
}
