import { useTranslation } from 'react-i18next';
import { NODE_SORT_METHODS, useNodeSortMethod, useNodeSortStore } from '../../../lib/devices';

/** Spec 2 §2 / §7: the order of the home's heaters, a preference kept on this device. */
export function NodeSortSection({ homeId }: { homeId: string }) {
  const { t } = useTranslation();
  const method = useNodeSortMethod(homeId);
  const setMethod = useNodeSortStore((s) => s.setMethod);
  return (
    <section className="power__section" aria-labelledby="node-sort-title">
      <h2 id="node-sort-title">{t('powerSchedule.heaterSystem.sortMethod')}</h2>
      <fieldset className="hearth-form">
        <legend>{t('powerSchedule.heaterSystem.sortLegend')}</legend>
        {NODE_SORT_METHODS.map((m) => (
          <label key={m} className="hearth-radio">
            <input
              type="radio"
              name="node-sort"
              value={m}
              checked={method === m}
              onChange={() => setMethod(homeId, m)}
            />
            {t(`powerSchedule.heaterSystem.sort.${m}`)}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
