import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { REGISTRATION_REDIRECT_MS } from '@hearth/protocol';
import { useLater } from '../../../lib/accounts';
import { routes } from '../../../lib/devices';
import { useWizardStore } from '../model/wizard-store';

/**
 * Ruling D6: the add-home and add-device wizards end with the success message, shown as the
 * registration completes, and the new home's dashboard 3 s later.
 */
export function SuccessStep({ homeIndex }: { homeIndex: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Spec 1 §2: leaving the page cancels the timer (Ionic keeps this page mounted below).
  const { later } = useLater();
  useEffect(() => {
    later(() => {
      useWizardStore.getState().set({ finished: true });
      navigate(routes.dashboard(homeIndex), { replace: true });
    }, REGISTRATION_REDIRECT_MS);
  }, [homeIndex, navigate, later]);
  return (
    <p role="status" className="wizard-success">
      {t('addHome.success')}
    </p>
  );
}
