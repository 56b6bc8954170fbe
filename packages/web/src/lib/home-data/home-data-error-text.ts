import type { TFunction } from 'i18next';
import type { HomeDataError } from './home-data-model';

/** Spec 2 §5: the fields message (spec 1 §8) with the missing field names, or the postcode format message. */
export function homeDataErrorText(error: HomeDataError, t: TFunction, ns: 'homes' | 'addHome') {
  if (error.kind === 'zipFormat') return t(`${ns}.errors.zipFormat`);
  const names = error.missing.map((f) => t(`${ns}.homeData.${f}`)).join(', ');
  return t('errors.fields', { fields: names });
}
