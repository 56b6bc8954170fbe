import { useState } from 'react';
import { PageFrame } from '../../lib/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { validateHeaterPowerLimit } from '@hearth/protocol';
import { postHeaterPowerLimit, powerKeys, useHeaterPowerLimit } from './api/power-api';
import './power-schedule.css';

/** Spec 3 §2 heater system settings: the device's power limit (0 none, 1000–60000 W). */
export function HeaterSystemPage() {
  const { t } = useTranslation();
  const { devId = '' } = useParams();
  const current = useHeaterPowerLimit(devId);
  return (
    <PageFrame
      title={t('powerSchedule.heaterLimit.title')}
      backLabel={t('powerSchedule.back')}
      backText={t('powerSchedule.back')}
    >
      {current.data && <LimitForm devId={devId} initial={current.data.power_limit} />}
    </PageFrame>
  );
}

function LimitForm({ devId, initial }: { devId: string; initial: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (watts: number) => postHeaterPowerLimit(devId, watts),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: powerKeys.heaterLimit(devId) }),
  });
  const submit = () => {
    const check = validateHeaterPowerLimit(value);
    if (!check.ok) return setError(t(`powerSchedule.heaterLimit.${check.error}`));
    setError(undefined);
    save.mutate(check.value);
  };
  return (
    <form
      className="power__limit"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="power__field">
        <span>{t('powerSchedule.heaterLimit.label')}</span>
        <input inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <p className="power__hint">{t('powerSchedule.heaterLimit.help')}</p>
      {error && (
        <p role="alert" className="power__error">
          {error}
        </p>
      )}
      {save.isSuccess && <p role="status">{t('powerSchedule.saved')}</p>}
      <button type="submit">{t('powerSchedule.save')}</button>
    </form>
  );
}
