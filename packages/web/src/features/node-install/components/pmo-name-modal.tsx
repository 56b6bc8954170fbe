import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NODE_NAME_MAX } from '@hearth/protocol';
import { usePmoSystem, type HomeDevice, type LiveNode } from '../../../lib/devices';
import { HttpError, needsOwnMessage } from '../../../lib/http';
import { setNodeName, setPmoSystem } from '../api/discovery-api';
import { useModalFocus } from '../../../lib/ui/use-modal-focus';
import { mainCircuitLocked } from '../model/discovery-rules';

interface Props {
  devId: string;
  node: LiveNode;
  device: HomeDevice;
  onClose: () => void;
}

/** Spec 2 §2: a found power monitor gets a name and may be marked as the main circuit. */
export function PmoNameModal({ devId, node, device, onClose }: Props) {
  const { t } = useTranslation();
  // The device's power system as the realtime snapshot has it, else as read for this dialog;
  // until one is known the main circuit cannot change, lest a save write an empty max power
  // configuration over the device's.
  const loaded = usePmoSystem(devId);
  const system = device.live?.pmo_system ?? loaded.data;
  const pmos = device.nodes.filter((n) => n.type === 'pmo' && n.installed).map((n) => n.addr);
  const [name, setName] = useState(node.name);
  const [chosenMain, setMain] = useState<boolean | null>(null);
  const main = chosenMain ?? system?.main_circuit_pmos.includes(node.addr) ?? false;
  const [error, setError] = useState('');
  const locked = !system || mainCircuitLocked(pmos, system.main_circuit_pmos, node.addr);
  const dialog = useRef<HTMLDivElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  useModalFocus(dialog);
  // The dialog opens by itself when a monitor is found: the keyboard starts at its name.
  useEffect(() => nameInput.current?.focus(), []);

  const save = async () => {
    if (name.trim() === '')
      return setError(t('errors.fields', { fields: t('nodeInstall.pmoName') }));
    try {
      if (name.trim() !== node.name) await setNodeName(devId, 'pmo', node.addr, name.trim());
      if (system && main !== system.main_circuit_pmos.includes(node.addr)) {
        const others = system.main_circuit_pmos.filter((a) => a !== node.addr);
        const nextMain = main ? [...others, node.addr] : others;
        await setPmoSystem(devId, { ...system, main_circuit_pmos: nextMain });
      }
      onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      setError(needsOwnMessage(err) ? t('nodeInstall.errors.userRequest') : '');
    }
  };

  return (
    <div className="hearth-dialog-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label={t('nodeInstall.pmoTitle')}
        className="hearth-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2>{t('nodeInstall.pmoTitle')}</h2>
        <div className="hearth-form">
          <label htmlFor="pmo-name">{t('nodeInstall.pmoName')}</label>
          <input
            ref={nameInput}
            id="pmo-name"
            value={name}
            maxLength={NODE_NAME_MAX}
            onChange={(e) => {
              setError('');
              setName(e.target.value);
            }}
          />
          <label className="hearth-check">
            <input
              type="checkbox"
              role="switch"
              checked={main}
              disabled={locked}
              onChange={(e) => {
                setError('');
                setMain(e.target.checked);
              }}
            />
            {t('nodeInstall.mainCircuit')}
          </label>
        </div>
        {error && <p role="alert">{error}</p>}
        <div className="hearth-actions">
          <button type="button" onClick={onClose}>
            {t('nodeInstall.skip')}
          </button>
          <button type="button" className="hearth-primary" onClick={() => void save()}>
            {t('nodeInstall.save')}
          </button>
        </div>
      </div>
    </div>
  );
}
