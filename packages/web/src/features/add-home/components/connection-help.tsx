import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DeviceType } from '../../../lib/home-data';
import {
  HELP_LINES,
  helpStatesFor,
  illustrationOf,
  showsDisconnectedGuide,
  type HelpState,
} from '../model/help-states';

const GUIDE_STEPS = 4;

function Illustration({ type, state }: { type: DeviceType; state: HelpState }) {
  const { led, shape } = illustrationOf(type, state);
  return (
    <svg
      width="72"
      height="48"
      viewBox="0 0 72 48"
      role="img"
      aria-label={shape}
      data-shape={shape}
    >
      {shape === 'heater' ? (
        <rect x="4" y="8" width="64" height="32" rx="4" fill="#eee" stroke="#999" />
      ) : (
        <rect x="14" y="10" width="44" height="28" rx="6" fill="#eee" stroke="#999" />
      )}
      <circle cx="36" cy="24" r="5" fill={led} />
    </svg>
  );
}

interface Props {
  type: DeviceType;
  wifiConfigLink?: string;
  onAccept: () => void;
}

/** Spec 2 §2: what the device shows tells the user what to check. */
export function ConnectionHelp({ type, wifiConfigLink, onAccept }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<HelpState | null>(null);
  return (
    <section>
      <h2>{t('addHome.help.header')}</h2>
      {chosen === null && (
        <>
          <p>{t('addHome.help.question')}</p>
          <ol className="help-states">
            {helpStatesFor(type).map((s) => (
              <li key={s}>
                <button type="button" onClick={() => setChosen(s)} className="help-state">
                  <Illustration type={type} state={s} />
                  <span>{t(`addHome.help.states.${s}`)}</span>
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      {chosen !== null && showsDisconnectedGuide(chosen) && (
        <div data-testid="disconnected-guide">
          <h3>{t('addHome.help.disconnected.title')}</h3>
          <ol>
            {Array.from({ length: GUIDE_STEPS }, (_, i) => (
              <li key={i}>{t(`addHome.help.disconnected.step${i + 1}`)}</li>
            ))}
          </ol>
          {wifiConfigLink && <Link to={wifiConfigLink}>{t('addHome.help.wifiConfiguration')}</Link>}
        </div>
      )}
      {chosen !== null && !showsDisconnectedGuide(chosen) && (
        <div data-testid="help-lines">
          <h3>{t(`addHome.help.states.${chosen}`)}</h3>
          {Array.from({ length: HELP_LINES[chosen as keyof typeof HELP_LINES] }, (_, i) => (
            <p key={i}>{t(`addHome.help.lines.${chosen}${i + 1}`)}</p>
          ))}
        </div>
      )}
      <IonButton expand="block" onClick={onAccept}>
        {t('addHome.accept')}
      </IonButton>
    </section>
  );
}
