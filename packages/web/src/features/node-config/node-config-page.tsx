import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isValidLockPassword, isValidNodeName, LOCK_PASSWORD_MAX } from '@hearth/protocol';
import { routes } from '../../lib/devices';
import { HttpError, needsOwnMessage } from '../../lib/http';
import {
  ConfirmDialog,
  LoadFailedPanel,
  MessageLine,
  PageFrame,
  useTimedMessage,
} from '../../lib/screens';
import { eraseNode, postLock, postName, postPmoSystem, postSetup } from './api/node-config-api';
import { SettingControl } from './components/setting-control';
import { showDelete, showReplace } from './model/config-rules';
import { settingWrites } from './model/setting-writes';
import {
  changedNames,
  correctBounded,
  editValue,
  isEditable,
  rangeOf,
  restoreDefaults,
  unitsOf,
  visibleDefs,
} from './model/settings-model';
import { useNodeConfig } from './use-node-config';
import './node-config.css';

type Ask = 'advanced' | 'delete' | 'replace' | null;

/** Spec 3 §2 "Node configuration page". */
export function NodeConfigPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const m = useNodeConfig();
  const [advanced, setAdvanced] = useState(false);
  const [ask, setAsk] = useState<Ask>(null);
  const msg = useTimedMessage();
  const { ctx, values, initial } = m;
  const owner = m.home?.owner === true;
  const deleteShown = showDelete(owner, m.node, advanced);
  const replaceShown = showReplace(deleteShown, m.wifiHeater);
  const fail = (err: unknown) => {
    if (!(err instanceof HttpError)) throw err;
    if (needsOwnMessage(err)) msg.error(t('nodeConfig.errors.userRequest'));
    else msg.clear();
  };

  const save = async () => {
    if (!ctx || !values || !initial) return;
    const changed = changedNames(values, initial);
    if (
      changed.includes('name') &&
      (String(values.name).trim() === '' || !isValidNodeName(String(values.name)))
    )
      return msg.error(t('nodeConfig.errors.name'));
    if (
      changed.includes('lock_password') &&
      !(
        isValidLockPassword(String(values.lock_password)) &&
        String(values.lock_password).length === LOCK_PASSWORD_MAX
      )
    )
      return msg.error(t('nodeConfig.errors.lockPassword'));
    const writes = settingWrites(changed, values, ctx.setup);
    try {
      if (writes.name !== undefined) await postName(m.ref, writes.name);
      if (writes.setup) await postSetup(m.ref, writes.setup);
      if (writes.locked !== undefined) await postLock(m.ref, writes.locked);
      if (writes.mainCircuit !== undefined && m.pmoSystem) {
        const others = m.pmoSystem.main_circuit_pmos.filter((a) => a !== m.ref.addr);
        await postPmoSystem(m.ref.devId, {
          ...m.pmoSystem,
          main_circuit_pmos: writes.mainCircuit ? [...others, m.ref.addr] : others,
        });
      }
    } catch (err) {
      return fail(err);
    }
    msg.success(t('nodeConfig.saved'), () => navigate(-1));
  };

  const erase = async (purge: boolean) => {
    try {
      await eraseNode(m.ref, purge);
    } catch (err) {
      return fail(err);
    }
    m.deleted.done = true;
    if (purge)
      return msg.success(t('nodeConfig.deleted'), () =>
        navigate(routes.dashboard(m.homeIndex), { replace: true }),
      );
    const q = new URLSearchParams({ nodeType: m.ref.type, addr: String(m.ref.addr) });
    msg.success(t('nodeConfig.replaced'), () =>
      navigate(
        `/homes/${encodeURIComponent(m.homeId)}/addNode/devs/${encodeURIComponent(m.ref.devId)}/selectType/selectModel/discovery?${q.toString()}`,
      ),
    );
  };

  const confirm = () => {
    const what = ask;
    setAsk(null);
    if (what === 'advanced') setAdvanced(true);
    if (what === 'delete') void erase(true);
    if (what === 'replace') void erase(false);
  };

  const defs = ctx ? visibleDefs(ctx) : [];
  const render = (section: 'standard' | 'advanced') =>
    ctx && values && initial
      ? defs
          .filter((d) => (section === 'advanced') === (d.advanced === true))
          .filter((d) => d.name !== 'lock_password' || values.password_lock_enabled === true)
          .filter(
            (d) =>
              !d.name.endsWith('_interval') ||
              values[d.name.replace('_interval', '_enabled')] !== false,
          )
          .map((d) => (
            <SettingControl
              key={d.name}
              def={d}
              value={values[d.name]}
              initial={initial[d.name]}
              editable={isEditable(d, ctx)}
              range={rangeOf(d, values, ctx)}
              units={unitsOf(values, ctx)}
              lang={i18n.language}
              onChange={(v) => {
                msg.clear();
                m.setEdited(correctBounded(editValue(values, initial, d.name, v), d.name, ctx));
              }}
            />
          ))
      : null;

  return (
    <PageFrame
      title={t('nodeConfig.title', { name: m.node.name })}
      backLabel={t('nodeConfig.back')}
      footer={
        <div className="hearth-actions">
          <IonButton fill="outline" onClick={() => navigate(-1)}>
            {t('nodeConfig.cancel')}
          </IonButton>
          {!m.failed && (
            <IonButton onClick={() => void save()} disabled={!ctx}>
              {t('nodeConfig.save')}
            </IonButton>
          )}
        </div>
      }
    >
      {m.missing && (
        <p role="alert" data-testid="node-missing">
          {t(`nodeConfig.${m.missing}`)}
        </p>
      )}
      {m.loading && <IonSpinner aria-label={t('nodeConfig.loading')} />}
      {m.failed && (
        <LoadFailedPanel
          message={t('nodeConfig.loadFailed')}
          retryLabel={t('nodeConfig.retry')}
          onRetry={m.retry}
          retrying={m.retrying}
          testId="node-config-load-failed"
        />
      )}
      <section aria-label={t('nodeConfig.standard')}>{render('standard')}</section>
      {owner && !advanced && ctx && (
        <button type="button" className="hearth-button" onClick={() => setAsk('advanced')}>
          {t('nodeConfig.showAdvanced')}
        </button>
      )}
      {advanced && (
        <section aria-label={t('nodeConfig.advanced')}>
          <h2>{t('nodeConfig.advanced')}</h2>
          {render('advanced')}
          <button
            type="button"
            className="hearth-button"
            onClick={() => values && m.setEdited(restoreDefaults(values))}
          >
            {t('nodeConfig.restoreDefaults')}
          </button>
        </section>
      )}
      <div className="hearth-actions">
        {deleteShown && (
          <button
            type="button"
            className="hearth-button hearth-danger"
            onClick={() => setAsk('delete')}
          >
            {t('nodeConfig.delete')}
          </button>
        )}
        {replaceShown && (
          <button type="button" className="hearth-button" onClick={() => setAsk('replace')}>
            {t('nodeConfig.replace')}
          </button>
        )}
      </div>
      <MessageLine message={msg.message} />
      {ask && (
        <ConfirmDialog
          message={t(`nodeConfig.confirm.${ask}`)}
          confirmLabel={t('nodeConfig.accept')}
          cancelLabel={t('nodeConfig.cancel')}
          onConfirm={confirm}
          onCancel={() => setAsk(null)}
        />
      )}
    </PageFrame>
  );
}
