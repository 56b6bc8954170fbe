import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SERIAL_PREFIX, dottedSerialId, SERIAL_ID_MAX_LENGTH } from '@hearth/protocol';
import { missingFields, ProblemLine, type FormProblem } from '../../lib/accounts';
import { useSerialPrefixes } from '../../lib/branding';
import { SerialHelpScreen } from './serial-help-image';

interface Props {
  busy: boolean;
  onSend: (dottedSerial: string) => void;
  onBack: () => void;
}

/** Step 2: the serial id printed on the device (spec 1 §2, §5). */
export function DeviceStep({ busy, onSend, onBack }: Props) {
  const { t } = useTranslation();
  const prefixes = useSerialPrefixes();
  const [serial, setSerial] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [help, setHelp] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const label = t('registration.serialId');
    const dotted = dottedSerialId(serial, prefixes);
    // Ruling D11: a filled serial id that is not valid is told what a valid one looks like.
    const found =
      missingFields([[label, serial]]) ??
      (dotted
        ? null
        : {
            key: 'errors.serial' as const,
            values: { example: `${DEFAULT_SERIAL_PREFIX}12`, prefixes: prefixes.join(', ') },
          });
    if (found || !dotted) setProblem(found);
    else onSend(dotted);
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('registration.step2')}>
      <h2 className="auth-help">{t('registration.step2')}</h2>
      <label>
        <span>{t('registration.serialId')}</span>
        <input
          type="text"
          inputMode="numeric"
          maxLength={SERIAL_ID_MAX_LENGTH}
          value={serial}
          onChange={(e) => {
            setProblem(null);
            setSerial(e.currentTarget.value);
          }}
        />
      </label>
      <button type="button" className="auth-link-button" onClick={() => setHelp(true)}>
        {t('registration.serialHelp')}
      </button>
      <ProblemLine problem={problem} />
      <div className="auth-actions">
        <button type="submit" disabled={busy}>
          {t('registration.send')}
        </button>
        <button type="button" className="auth-secondary" onClick={onBack}>
          {t('registration.back')}
        </button>
      </div>
      {help && (
        <SerialHelpScreen
          title={t('registration.serialHelp')}
          caption={t('registration.serialHelpText')}
          closeLabel={t('accountsShared.close')}
          onClose={() => setHelp(false)}
        />
      )}
    </form>
  );
}
