import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { WIZARD_REDIRECT_MS } from '@hearth/protocol';
import { useLater } from '../../../lib/accounts';
import { routes } from '../../../lib/devices';
import { useWizardStore } from '../model/wizard-store';

/** Spec 2 §2: the wizard ends with a success message and the dashboard 5 s later. */
export function SuccessStep({ homeIndex }: { homeIndex: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Spec 1 §2: leaving the page cancels the timer (Ionic keeps this page mounted below).
  const { later } = useLater();
  useEffect(() => {
    later(() => {
      useWizardStore.getState().set({ finished: true });
      navigate(routes.dashboard(homeIndex), { replace: true });
    }, WIZARD_REDIRECT_MS);
  }, [homeIndex, navigate, later]);
  return (
    <p role="status" className="wizard-success">
      {t('addHome.success')}
    </p>
  );
}
