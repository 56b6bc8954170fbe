import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeSetup, type LiveNode } from '../../../lib/devices';
import { HttpError, reportRefusal } from '../../../lib/http';
import {
  SCHEDULE_METHODS,
  homeMethodNodes,
  homeScheduleMethod,
  scheduleMethodOf,
  storageHeaters,
  type ScheduleMethod,
} from '../model/heater-system';

type Outcome = 'saving' | 'saved' | undefined;

/** A node with the device it belongs to: the home's method spans every device of the home. */
export type HomeNode = LiveNode & { devId: string };

/** Writes prog_resol to each node; the device's setup updates confirm it on screen. */
function useMethodWrite() {
  const [outcome, setOutcome] = useState<Outcome>();
  const write = async (nodes: readonly HomeNode[], method: ScheduleMethod) => {
    setOutcome('saving');
    try {
      await Promise.all(
        nodes.map((n) =>
          changeSetup({ devId: n.devId, type: n.type, addr: n.addr }, { prog_resol: method }),
        ),
      );
      setOutcome('saved');
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // Spec 3 §8: a failed schedule method save is a user-request error, told once by the
      // toast. The HTTP layer shows it for every failure but a refusal (by error code), which it
      // leaves to us.
      reportRefusal(err, 'userRequest');
      setOutcome(undefined);
    }
  };
  return { outcome, write };
}

function OutcomeLine({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (outcome === 'saved' || outcome === 'saving')
    return (
      <p role="status" className="power__hint">
        {t(`powerSchedule.heaterSystem.${outcome}`)}
      </p>
    );
  return null;
}

interface MethodChoiceProps {
  name: string;
  legend: string;
  value: ScheduleMethod | undefined;
  disabled: boolean;
  onChoose: (method: ScheduleMethod) => void;
}

function MethodChoice({ name, legend, value, disabled, onChoose }: MethodChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="hearth-form" disabled={disabled}>
      <legend>{legend}</legend>
      {SCHEDULE_METHODS.map((m) => (
        <label key={m} className="hearth-radio">
          <input
            type="radio"
            name={name}
            value={m}
            checked={value === m}
            onChange={() => onChoose(m)}
          />
          {t(`powerSchedule.heaterSystem.methods.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}

interface MethodSectionProps {
  nodes: readonly HomeNode[];
  /** Spec 3 §6: the schedule resolution is the owner's to change. */
  owner: boolean;
}

const nodeKey = (n: HomeNode) => `${n.devId}:${n.type}:${n.addr}`;

interface HomeMethodProps extends MethodSectionProps {
  /** Every gateway of the home has its node list: until then more heaters may come. */
  complete: boolean;
}

/**
 * Spec 2 §2 / spec 3 §7, §9: one schedule method (60 or 30 min) for the home's heaters, on
 * every device of the home, not only the one whose settings are open. Each gateway's heaters
 * count as soon as its node list arrives; a gateway whose list arrives after the user chose
 * gets the chosen method too, so the choice still covers the whole home.
 */
export function HomeScheduleMethod({ nodes, owner, complete }: HomeMethodProps) {
  const { t } = useTranslation();
  const targets = homeMethodNodes(nodes);
  const [chosen, setChosen] = useState<ScheduleMethod | undefined>();
  // The heaters the current choice has been written to.
  const written = useRef(new Set<string>());
  const { outcome, write } = useMethodWrite();
  const value = chosen ?? homeScheduleMethod(nodes);
  useEffect(() => {
    if (chosen === undefined) return;
    const late = targets.filter((n) => !written.current.has(nodeKey(n)));
    if (late.length === 0) return;
    for (const n of late) written.current.add(nodeKey(n));
    void write(late, chosen);
  }, [chosen, targets, write]);
  return (
    <section className="power__section" aria-labelledby="schedule-method-title">
      <h2 id="schedule-method-title">{t('powerSchedule.heaterSystem.scheduleMethod')}</h2>
      <p className="power__hint">{t('powerSchedule.heaterSystem.homeHelp')}</p>
      {targets.length > 0 ? (
        <MethodChoice
          name="home-schedule-method"
          legend={t('powerSchedule.heaterSystem.slotLength')}
          value={value}
          disabled={!owner || outcome === 'saving'}
          onChoose={(m) => {
            setChosen(m);
            written.current = new Set(targets.map(nodeKey));
            void write(targets, m);
          }}
        />
      ) : (
        complete && <p>{t('powerSchedule.heaterSystem.noHeaters')}</p>
      )}
      <OutcomeLine outcome={outcome} />
    </section>
  );
}

function StorageHeaterMethod({ node, owner }: { node: HomeNode; owner: boolean }) {
  const [chosen, setChosen] = useState<ScheduleMethod | undefined>();
  const { outcome, write } = useMethodWrite();
  return (
    <li>
      <MethodChoice
        name={`schedule-method-${node.addr}`}
        legend={node.name}
        value={chosen ?? scheduleMethodOf(node)}
        disabled={!owner || outcome === 'saving'}
        onChoose={(m) => {
          setChosen(m);
          void write([node], m);
        }}
      />
      <OutcomeLine outcome={outcome} />
    </li>
  );
}

/** Spec 3 §7: storage heaters each keep their own schedule method. */
export function StorageHeaterMethods({ nodes, owner }: MethodSectionProps) {
  const { t } = useTranslation();
  const heaters = storageHeaters(nodes);
  return (
    <section className="power__section" aria-labelledby="schedule-method-title">
      <h2 id="schedule-method-title">{t('powerSchedule.heaterSystem.scheduleMethod')}</h2>
      <p className="power__hint">{t('powerSchedule.heaterSystem.storageHelp')}</p>
      {heaters.length === 0 ? (
        <p>{t('powerSchedule.heaterSystem.noStorageHeaters')}</p>
      ) : (
        <ul className="power__list">
          {heaters.map((n) => (
            <StorageHeaterMethod key={`${n.devId}:${n.addr}`} node={n} owner={owner} />
          ))}
        </ul>
      )}
    </section>
  );
}
