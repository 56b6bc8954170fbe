import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { linkingScope } from '@hearth/protocol';
import { appConfig } from '../../lib/config';
import { useHomes } from '../../lib/devices';
import { http } from '../../lib/http';
import { PageFrame } from '../../lib/screens';

/** The provider's code endpoint with the assistant's query plus our scope and token. */
export function clientCodeUrl(search: URLSearchParams, homeId: string, token: string): string {
  const query = new URLSearchParams(search);
  query.set('scope', linkingScope(homeId));
  query.set('token', token);
  const host = appConfig.apiBaseUrl || window.location.origin;
  return `${host}/client/code?${query.toString()}`;
}

/** Account linking (spec 1 "Device linking"): choose the home the assistant may control. */
export function DeviceLinkingPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const homes = useHomes();
  // Spec 1 "Device linking": every home of the user is offered, the guest's ones too.
  const list = homes.data ?? [];
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const first = list[0]?.id;
  useEffect(() => {
    if (choice === '' && first !== undefined) setChoice(first);
  }, [choice, first]);
  const link = async () => {
    setBusy(true);
    try {
      const token = await http.getValidToken();
      window.location.assign(clientCodeUrl(search, choice, token));
    } catch (error) {
      // A lost session already sent the user to /login; anything else lets them retry.
      setBusy(false);
      if (!(error instanceof Error)) throw error;
    }
  };
  return (
    <PageFrame title={t('accountLinking.title')} backLabel={t('accountLinking.back')}>
      <fieldset className="hearth-form">
        <legend>{t('accountLinking.chooseHome')}</legend>
        {list.map((home) => (
          <label key={home.id} className="hearth-radio">
            <input
              type="radio"
              name="home"
              value={home.id}
              checked={choice === home.id}
              onChange={() => setChoice(home.id)}
            />
            <span>{home.name}</span>
          </label>
        ))}
        {homes.isSuccess && list.length === 0 && <p>{t('accountLinking.noHomes')}</p>}
      </fieldset>
      <button
        type="button"
        className="auth-button"
        disabled={choice === '' || busy}
        onClick={() => void link()}
      >
        {t('accountLinking.link')}
      </button>
    </PageFrame>
  );
}
