import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import {
  WIFI_PASSWORD_MAX,
  WIFI_SSID_MAX,
  parseWifiQr,
  signalLevel,
  sortNetworks,
  type WifiNetwork,
} from '@hearth/protocol';
import type { WifiCapabilities, WifiPlatform } from '../../../lib/platform';

interface Props {
  wifi: WifiPlatform;
  capabilities: WifiCapabilities;
  essid: string;
  password: string;
  onNext: (essid: string, password: string) => void;
}

function SignalBars({ level }: { level: number }) {
  return (
    <span className="wifi-signal" aria-hidden="true">
      {[1, 2, 3, 4].map((bar) => (
        <span key={bar} className={bar <= level ? 'wifi-signal__bar--on' : 'wifi-signal__bar'} />
      ))}
    </span>
  );
}

/** Sub-step 1 (spec 2 §4): the home network, typed, picked from the scan, or read from a QR code. */
export function NetworkStep({
  wifi,
  capabilities,
  essid: initialEssid,
  password: initialPassword,
  onNext,
}: Props) {
  const { t } = useTranslation();
  const [essid, setEssid] = useState(initialEssid);
  const [password, setPassword] = useState(initialPassword);
  const [show, setShow] = useState(false);
  const [networks, setNetworks] = useState<WifiNetwork[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);

  const scan = () => {
    wifi.scanNetworks().then(
      (found) => setNetworks(sortNetworks(found)),
      () => setNetworks([]),
    );
  };
  useEffect(() => {
    if (capabilities.scan) scan();
    if (initialEssid === '')
      wifi.currentSsid().then(
        (ssid) => setEssid((typed) => (typed === '' && ssid ? ssid : typed)),
        () => undefined,
      );
    // Runs once per visit of the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Spec 2 §4: a code without S: and P: is scanned again; cancelling stops, and so does a
  // camera that fails (refused, no scanner), which the user is told.
  const scanQr = async () => {
    setNote(null);
    setScanning(true);
    try {
      for (;;) {
        const text = await wifi.scanQrCode();
        if (text === null) return;
        const got = parseWifiQr(text);
        if (got) {
          setError(null);
          setEssid(got.essid);
          setPassword(got.password);
          return;
        }
        setNote(t('wifiProvisioning.network.qrNotWifi'));
      }
    } catch {
      setNote(t('wifiProvisioning.network.qrFailed'));
    } finally {
      setScanning(false);
    }
  };

  const next = () => {
    const name = essid.trim();
    if (name === '') return setError(t('wifiProvisioning.network.required'));
    if (name.length > WIFI_SSID_MAX)
      return setError(t('wifiProvisioning.network.tooLong', { max: WIFI_SSID_MAX }));
    if (password.length > WIFI_PASSWORD_MAX)
      return setError(t('wifiProvisioning.network.passwordTooLong', { max: WIFI_PASSWORD_MAX }));
    onNext(name, password);
  };

  return (
    <>
      <p>{t('wifiProvisioning.network.intro')}</p>
      {networks.length > 0 && (
        <section aria-labelledby="wifi-nearby">
          <h3 id="wifi-nearby">{t('wifiProvisioning.network.nearby')}</h3>
          <ul className="wifi-networks">
            {networks.map((n) => {
              const level = signalLevel(n.rssi);
              return (
                <li key={n.essid}>
                  <button
                    type="button"
                    className="wifi-network"
                    aria-pressed={essid === n.essid}
                    onClick={() => {
                      setError(null);
                      setEssid(n.essid);
                    }}
                  >
                    <SignalBars level={level} />
                    <span>{n.essid}</span>
                    <span className="wifi-network__level">
                      {t('wifiProvisioning.network.signal', { level })}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button type="button" className="hearth-button" onClick={scan}>
            {t('wifiProvisioning.network.refresh')}
          </button>
        </section>
      )}
      <div className="hearth-form">
        <label htmlFor="wifi-essid">{t('wifiProvisioning.network.essid')}</label>
        <input
          id="wifi-essid"
          value={essid}
          autoComplete="off"
          onChange={(e) => {
            setError(null);
            setEssid(e.target.value);
          }}
        />
        <label htmlFor="wifi-password">{t('wifiProvisioning.network.password')}</label>
        <input
          id="wifi-password"
          type={show ? 'text' : 'password'}
          value={password}
          autoComplete="off"
          onChange={(e) => {
            setError(null);
            setPassword(e.target.value);
          }}
        />
        <label className="hearth-checkbox">
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} />
          {t('wifiProvisioning.network.showPassword')}
        </label>
      </div>
      {capabilities.qr && (
        <button
          type="button"
          className="hearth-button"
          disabled={scanning}
          onClick={() => void scanQr()}
        >
          {t('wifiProvisioning.network.scanQr')}
        </button>
      )}
      {note && <p role="status">{note}</p>}
      {error && (
        <p role="alert" className="hearth-message hearth-message--error">
          {error}
        </p>
      )}
      <IonButton expand="block" onClick={next}>
        {t('wifiProvisioning.next')}
      </IonButton>
    </>
  );
}
