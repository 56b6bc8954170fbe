import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NODE_TYPES, nodeModels, parseNodeType, type NodeType } from '@hearth/protocol';
import { useBrand } from '../../lib/branding';
import { PageFrame } from '../../lib/screens';
import { installRoutes } from './model/install-routes';

/** Spec 2 §2: node type (radio) and model, then discovery. */
export function SelectModelPage() {
  const { t } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [type, setType] = useState<NodeType>(parseNodeType(params.get('nodeType') ?? '') ?? 'htr');
  const [model, setModel] = useState<string>('');
  // Spec 2 §3: the models of a type are the brand catalogue's (spec 1 §3 list until it loads).
  const catalogue = useBrand().raw?.productos[0];
  const models = nodeModels(catalogue, type);
  // A node type is offered only when the brand has models for it.
  const types = NODE_TYPES.filter((nt) => nt === type || nodeModels(catalogue, nt).length > 0);
  const chosen = models.includes(model) ? model : (models[0] ?? '');
  return (
    <PageFrame
      title={t('nodeInstall.selectModel')}
      backLabel={t('nodeInstall.back')}
      footer={
        <div className="hearth-actions">
          <IonButton onClick={() => navigate(installRoutes.discovery(homeId, devId, type, chosen))}>
            {t('nodeInstall.startDiscovery')}
          </IonButton>
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
              checked={type === nt}
              onChange={() => setType(nt)}
            />
            {t(`nodeInstall.types.${nt}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="hearth-form">
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
