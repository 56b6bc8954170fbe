import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { NODE_TYPES, parseNodeType, type NodeType } from '@hearth/protocol';
import { PageFrame } from '../../lib/screens';
import { NODE_MODELS } from './model/discovery-rules';
import { installRoutes } from './model/install-routes';

/** Spec 2 §2: node type (radio) and model, then discovery. */
export function SelectModelPage() {
  const { t } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [type, setType] = useState<NodeType>(parseNodeType(params.get('nodeType') ?? '') ?? 'htr');
  const [model, setModel] = useState<string>('');
  const models = NODE_MODELS[type];
  const chosen = models.some((m) => m.codigo === model) ? model : (models[0]?.codigo ?? '');
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
        {NODE_TYPES.map((nt) => (
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
          <label key={m.codigo} className="hearth-radio">
            <input
              type="radio"
              name="node-model"
              checked={chosen === m.codigo}
              onChange={() => setModel(m.codigo)}
            />
            {t(`nodeInstall.models.${m.codigo}`)}
          </label>
        ))}
      </fieldset>
    </PageFrame>
  );
}
