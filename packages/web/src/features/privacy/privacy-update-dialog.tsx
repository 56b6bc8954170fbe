import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserId } from '../../lib/accounts';
import { Dialog } from '../../lib/ui/dialog';
import { useAcceptPrivacy, usePrivacy } from './api/privacy';
import { PolicyLinks } from './policy-links';

/**
 * Spec 1 §2: after sign-in, while the policy is not accepted, this dialog stays: no
 * cancel, no Escape, no backdrop; accept is enabled only with the box ticked.
 */
export function PrivacyUpdateDialog() {
  const { t } = useTranslation();
  const userId = useUserId();
  const privacy = usePrivacy(userId);
  const accept = useAcceptPrivacy(userId);
  const [ticked, setTicked] = useState(false);
  if (!userId || !privacy.data || privacy.data.accepted) return null;
  return (
    <Dialog
      title={t('privacy.updateTitle')}
      onClose={() => undefined}
      testId="privacy-dialog"
      actions={
        <button
          type="button"
          className="hearth-button hearth-button--primary"
          disabled={!ticked || accept.isPending}
          onClick={() => accept.mutate()}
        >
          {t('privacy.accept')}
        </button>
      }
    >
      <p>{t('privacy.updateText')}</p>
      <PolicyLinks />
      <label className="hearth-check">
        <input
          type="checkbox"
          checked={ticked}
          onChange={(e) => setTicked(e.currentTarget.checked)}
        />
        <span>{t('privacy.checkbox')}</span>
      </label>
    </Dialog>
  );
}
