import { useTranslation } from 'react-i18next';
import { HOME_COUNTRIES, type LocationInfo } from '@hearth/protocol';
import { editHomeData, regionsOf, type HomeData } from './home-data-model';

interface Props {
  /** The feature whose translations hold the labels (`<ns>.homeData.*`). */
  ns: 'homes' | 'addHome';
  value: HomeData;
  info: LocationInfo | undefined;
  onChange: (next: HomeData) => void;
  readOnly?: boolean;
}

function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch (err) {
    if (err instanceof RangeError) return code;
    throw err;
  }
}

/** Country, region (disabled until a country is chosen), city, postcode and home name. */
export function HomeDataFields({ ns, value, info, onChange, readOnly = false }: Props) {
  const { t, i18n } = useTranslation();
  const set = (field: keyof HomeData) => (e: { target: { value: string } }) =>
    onChange(editHomeData(value, field, e.target.value));
  const regions = regionsOf(info, value.country);
  const label = (key: string) => t(`${ns}.homeData.${key}`);
  return (
    <div className="hearth-form">
      <label htmlFor={`${ns}-country`}>{label('country')}</label>
      <select
        id={`${ns}-country`}
        value={value.country}
        onChange={set('country')}
        disabled={readOnly}
      >
        <option value="">{label('choose')}</option>
        {HOME_COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {countryName(c, i18n.language)}
          </option>
        ))}
      </select>
      <label htmlFor={`${ns}-state`}>{label('region')}</label>
      <select
        id={`${ns}-state`}
        value={value.state}
        onChange={set('state')}
        disabled={readOnly || value.country === ''}
      >
        <option value="">{label('choose')}</option>
        {regions.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
      <label htmlFor={`${ns}-city`}>{label('city')}</label>
      <input id={`${ns}-city`} value={value.city} onChange={set('city')} readOnly={readOnly} />
      <label htmlFor={`${ns}-zip`}>{label('postcode')}</label>
      <input id={`${ns}-zip`} value={value.zip} onChange={set('zip')} readOnly={readOnly} />
      <label htmlFor={`${ns}-name`}>{label('name')}</label>
      <input id={`${ns}-name`} value={value.name} onChange={set('name')} readOnly={readOnly} />
    </div>
  );
}
