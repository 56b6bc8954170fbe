import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../lib/screens';
import {
  HOME_SORT_METHODS,
  readHomesSortMethod,
  writeHomesSortMethod,
  type HomeSortMethod,
} from './model/home-sort';
import { homeRoutes } from './model/home-routes';

/** Spec 2 §2: the homes sort settings (by id or by name), remembered on this device. */
export function HomesSortPage() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<HomeSortMethod>(readHomesSortMethod);
  const choose = (next: HomeSortMethod) => {
    setMethod(next);
    writeHomesSortMethod(next);
  };
  return (
    <PageFrame title={t('homes.sort.title')} backLabel={t('homes.back')} backTo={homeRoutes.list}>
      <fieldset className="hearth-form">
        <legend>{t('homes.sort.legend')}</legend>
        {HOME_SORT_METHODS.map((m) => (
          <label key={m} className="hearth-radio">
            <input
              type="radio"
              name="homes-sort"
              value={m}
              checked={method === m}
              onChange={() => choose(m)}
            />
            {t(`homes.sort.${m}`)}
          </label>
        ))}
      </fieldset>
    </PageFrame>
  );
}
