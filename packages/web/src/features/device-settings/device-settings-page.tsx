import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { DEVICE_NAME_SETTINGS_MAX, deviceNameError, type GroupedHome } from '@hearth/protocol';
import { DeviceLinkState } from '../../lib/cloud-link-state';
import { deviceKeys, useHomes } from '../../lib/devices';
import { HttpError, needsOwnMessage } from '../../lib/http';
import { platform, wifi } from '../../lib/platform';
import { ConfirmDialog, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import { deleteDevice, renameDevice, transferDevice } from './api/device-api';
import { deviceSettingsRules } from './model/device-settings-rules';

const enc = encodeURIComponent;
type Pending = { kind: 'delete' } | { kind: 'transfer'; to: { id: string; name: string } } | null;

/** Spec 2 §2 "Device settings": rename, delete, transfer to another home. */
export function DeviceSettingsPage() {
  const { t } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const homes = useHomes();
  const current = homes.data?.find((h) => h.id === homeId);
  // After a delete or transfer the device leaves this home: keep showing the toast meanwhile.
  const [kept, setKept] = useState<GroupedHome | null>(null);
  const home = kept ?? current;
  const [name, setName] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const msg = useTimedMessage();
  // Spec 2 §8: a link to a home or device the user does not have (any more) says so.
  if (!kept && homes.isSuccess && !current?.devs.some((d) => d.dev_id === devId))
    return (
      <PageFrame title={t('deviceSettings.title')} backLabel={t('deviceSettings.back')}>
        <p role="status">
          {t(current ? 'deviceSettings.devNotFound' : 'deviceSettings.homeNotFound')}
        </p>
      </PageFrame>
    );
  if (!home) return null;
  // The wifi configuration needs the native wifi/Bluetooth provisioning (spec 2 §2).
  const rules = deviceSettingsRules(
    home,
    devId,
    homes.data ?? [],
    platform.isNative || wifi.available,
  );
  const value = name ?? rules.device?.name ?? '';
  const reload = () => queryClient.invalidateQueries({ queryKey: deviceKeys.homes() });

  const act = async (
    call: () => Promise<unknown>,
    done: string,
    after: () => void,
    leaves = false,
  ) => {
    try {
      if (leaves) setKept(home);
      await call();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      setKept(null);
      if (needsOwnMessage(err)) msg.error(t('deviceSettings.errors.userRequest'));
      else msg.clear();
      return;
    }
    await reload();
    msg.success(done, after);
  };

  const save = () => {
    const error = deviceNameError(value, 'settings');
    if (error === 'fields')
      return msg.error(t('errors.fields', { fields: t('deviceSettings.name') }));
    if (error)
      return msg.error(t('deviceSettings.errors.nameTooLong', { max: DEVICE_NAME_SETTINGS_MAX }));
    void act(
      () => renameDevice(devId, value.trim()),
      t('deviceSettings.saved'),
      () => navigate(-1),
    );
  };

  const confirm = () => {
    const p = pending;
    setPending(null);
    if (p?.kind === 'delete')
      void act(
        () => deleteDevice(devId),
        t('deviceSettings.deleted'),
        () => navigate('/', { replace: true }),
        true,
      );
    if (p?.kind === 'transfer')
      void act(
        () => transferDevice(devId, p.to),
        t('deviceSettings.transferred'),
        () => navigate('/', { replace: true }),
        true,
      );
  };

  return (
    <PageFrame
      title={t('deviceSettings.title')}
      backLabel={t('deviceSettings.back')}
      footer={
        <div className="hearth-actions">
          <IonButton fill="outline" onClick={() => navigate(-1)}>
            {t('deviceSettings.cancel')}
          </IonButton>
          {rules.canEditName && <IonButton onClick={save}>{t('deviceSettings.save')}</IonButton>}
        </div>
      }
    >
      <div className="hearth-form">
        <label htmlFor="device-settings-name">{t('deviceSettings.name')}</label>
        <input
          id="device-settings-name"
          value={value}
          readOnly={!rules.canEditName}
          onChange={(e) => {
            msg.clear();
            setName(e.target.value);
          }}
        />
      </div>
      <DeviceLinkState devId={devId} />
      {/* Spec 2 §2: name, delete, transfer, wifi configuration, then cancel and save. */}
      {rules.canDelete && (
        <button
          type="button"
          className="hearth-button hearth-danger"
          onClick={() => setPending({ kind: 'delete' })}
        >
          {t('deviceSettings.delete')}
        </button>
      )}
      {rules.transferTargets.length > 0 && (
        <div className="hearth-form">
          <label htmlFor="device-transfer">{t('deviceSettings.transferTo')}</label>
          <select
            id="device-transfer"
            value={target}
            onChange={(e) => {
              msg.clear();
              setTarget(e.target.value);
            }}
          >
            <option value="">{t('deviceSettings.chooseHome')}</option>
            {rules.transferTargets.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="hearth-button"
            disabled={target === ''}
            onClick={() => {
              const to = rules.transferTargets.find((h) => h.id === target);
              if (to) setPending({ kind: 'transfer', to: { id: to.id, name: to.name } });
            }}
          >
            {t('deviceSettings.transfer')}
          </button>
        </div>
      )}
      {rules.showHeaterSettings && (
        <p>
          <Link to={`/homes/${enc(homeId)}/devs/${enc(devId)}/system/htr/settings`}>
            {t('deviceSettings.heaterSettings')}
          </Link>
        </p>
      )}
      {rules.showWifiConfig && (
        <p>
          <Link to={`/list/homes/${enc(homeId)}/devices/${enc(devId)}/wifiConfiguration`}>
            {t('deviceSettings.wifiConfig')}
          </Link>
        </p>
      )}
      <MessageLine message={msg.message} />
      {pending && (
        <ConfirmDialog
          message={
            pending.kind === 'delete'
              ? t('deviceSettings.confirmDelete', { name: rules.device?.name ?? '' })
              : t('deviceSettings.confirmTransfer', { home: pending.to.name })
          }
          confirmLabel={t('deviceSettings.confirm')}
          cancelLabel={t('deviceSettings.cancel')}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
    </PageFrame>
  );
}
