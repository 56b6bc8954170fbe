import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NODE_TYPES, nodeModels, parseNodeType, type NodeType } from '@hearth/protocol';
import { useBrand } from '../../lib/branding';
import { PageFrame } from '../../lib/screens';
import { installRoutes } from './model/install-routes';
import { useInstallTarget } from './use-install-target';
import { wifiHeaterOfferedHere } from './model/wifi-heater-offered';

/** The wifi heater choice among the node types (spec 2 §1: native app only). */
const WIFI_HEATER = 'wifiHtr';
type Choice = NodeType | typeof WIFI_HEATER;

/**
 * Spec 2 §2: node type (radio) and model, then discovery. In the native app the wifi heater is
 * one more type (spec 2 §1); it is a gateway of its own, so it goes on to the wifi heater
 * install, which starts with its model.
 */
export function SelectModelPage({
  wifiHeaterOffered = wifiHeaterOfferedHere(),
}: {
  wifiHeaterOffered?: boolean;
}) {
  const { t } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>(
    parseNodeType(params.get('nodeType') ?? '') ?? 'htr',
  );
  const wifiHeater = choice === WIFI_HEATER;
  const type: NodeType = choice === WIFI_HEATER ? 'htr' : choice;
  const [model, setModel] = useState<string>('');
  // Spec 2 §3: the models of a type are the brand catalogue's (spec 1 §3 list until it loads).
  const catalogue = useBrand().raw?.productos[0];
  const models = nodeModels(catalogue, type);
  // A node type is offered only when the brand has models for it.
  const types = NODE_TYPES.filter((nt) => nt === choice || nodeModels(catalogue, nt).length > 0);
  const chosen = models.includes(model) ? model : (models[0] ?? '');
  // A link to a home or device the user does not have (any more) says so.
  const { missing } = useInstallTarget(homeId, devId);
  if (missing)
    return (
      <PageFrame title={t('nodeInstall.selectModel')} backLabel={t('nodeInstall.back')}>
        <p role="status">{missing}</p>
      </PageFrame>
    );
  return (
    <PageFrame
      title={t('nodeInstall.selectModel')}
      backLabel={t('nodeInstall.back')}
      footer={
        <div className="hearth-actions">
          {wifiHeater ? (
            <IonButton onClick={() => navigate(installRoutes.wifiHeater(homeId))}>
              {t('nodeInstall.next')}
            </IonButton>
          ) : (
            <IonButton
              onClick={() => navigate(installRoutes.discovery(homeId, devId, type, chosen))}
            >
              {t('nodeInstall.startDiscovery')}
            </IonButton>
          )}
        </div>
      }
    >
      <fieldset className="hearth-form">
        <legend>{t('nodeInstall.nodeType')}</legend>
        {types.map((nt) => (
          <label key={nt} className="hearth-radio">
            <input
              type="radio"
              name="node-type"
              checked={choice === nt}
              onChange={() => setChoice(nt)}
            />
            {t(`nodeInstall.types.${nt}`)}
          </label>
        ))}
        {wifiHeaterOffered && (
          <label className="hearth-radio">
            <input
              type="radio"
              name="node-type"
              checked={wifiHeater}
              onChange={() => setChoice(WIFI_HEATER)}
            />
            {t('nodeInstall.types.wifiHtr')}
          </label>
        )}
      </fieldset>
      {/* The wifi heater's model is chosen on the next screen, the install's first step. */}
      <fieldset className="hearth-form" hidden={wifiHeater}>
        <legend>{t('nodeInstall.model')}</legend>
        {models.map((m) => (
          <label key={m} className="hearth-radio">
            <input
              type="radio"
              name="node-model"
              checked={chosen === m}
              onChange={() => setModel(m)}
            />
            {t(`nodeInstall.models.${m}`, { defaultValue: m })}
          </label>
        ))}
      </fieldset>
    </PageFrame>
  );
}
