import type { Translate } from './light/light-i18n';

/** The warning the sign-in shows when an assistant asks for access; ticking it enables sign-in. */
export function LinkingWarning({
  t,
  accepted,
  onChange,
}: {
  t: Translate;
  accepted: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="hearth-message hearth-message--error" data-testid="linking-warning">
      <p>{t('login.linkingWarning')}</p>
      <label className="hearth-check">
        <input
          type="checkbox"
          checked={accepted}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <span>{t('login.linkingAllow')}</span>
      </label>
    </div>
  );
}
