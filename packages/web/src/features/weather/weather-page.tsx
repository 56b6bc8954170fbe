import {
  IonBackButton,
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonPage,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import {
  cloudOutline,
  moonOutline,
  partlySunnyOutline,
  rainyOutline,
  snowOutline,
  sunnyOutline,
  thunderstormOutline,
} from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { WeatherIcon } from '@hearth/protocol';
import { useHomes, useLiveDevice } from '../../lib/devices';
import { placeOf, useGeoData, useWeather } from './api/weather';
import './weather.css';

const ICONS: Record<WeatherIcon, string> = {
  'clear-day': sunnyOutline,
  'clear-night': moonOutline,
  'partly-cloudy-day': partlySunnyOutline,
  'partly-cloudy-night': cloudOutline,
  cloudy: cloudOutline,
  fog: cloudOutline,
  rain: rainyOutline,
  sleet: rainyOutline,
  snow: snowOutline,
  thunderstorm: thunderstormOutline,
};

/** Spec 3 §2 weather screen: now, today's date, the city, and the daily forecast. */
export function WeatherPage() {
  const { t, i18n } = useTranslation();
  const { homeId = '' } = useParams<{ homeId: string }>();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  // Spec 3 §8 missing lookups: a home not in the user's list is "Home not found", not asked
  // for (which would answer 404 and show a data-update error instead).
  const geo = useGeoData(homeId, home !== undefined);
  // The snapshot's geo_data stands in while the home's own answer is not there.
  const live = useLiveDevice(home?.devs[0]?.dev_id ?? '');
  const place = placeOf(geo.data ?? live?.geo_data);
  const weather = useWeather(place, i18n.language);
  const w = weather.data;
  // An errored query keeps its error while Retry asks again: show the spinner meanwhile.
  const retrying = (geo.isError && geo.isFetching) || (weather.isError && weather.isFetching);
  const failed = !retrying && (geo.isError || (weather.isError && !w));
  const n = (v: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);
  const dayName = (offset: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long' }).format(
      new Date(Date.now() + offset * 86_400_000),
    );

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonBackButton defaultHref="/" text="" aria-label={t('weather.back')} />
          </IonButtons>
          <IonTitle>
            <span className="weather__title">{t('weather.title')}</span>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {homes.isSuccess && !home && (
          <p role="status" data-testid="weather-home-not-found">
            {t('weather.homeNotFound')}
          </p>
        )}
        {geo.isSuccess && !place && (
          <p role="status" data-testid="weather-no-place">
            {t('weather.noPlace')}
          </p>
        )}
        {failed && (
          // Ruling D13: a failed read says so in the page and offers Retry (the toast goes).
          <div className="weather__failed" role="alert" data-testid="weather-load-failed">
            <p>{t('weather.loadFailed')}</p>
            <IonButton
              onClick={() => void (geo.isError ? geo.refetch() : weather.refetch())}
              data-testid="weather-retry"
            >
              {t('weather.retry')}
            </IonButton>
          </div>
        )}
        {((weather.isPending && place) || retrying) && (
          <p role="status">
            <IonSpinner aria-hidden="true" /> <span>{t('weather.loading')}</span>
          </p>
        )}
        {w && place && (
          <>
            <section className="weather-now" aria-label={t('weather.now')}>
              <IonIcon
                icon={ICONS[w.currently.icon]}
                aria-hidden="true"
                className="weather-now__icon"
              />
              <p className="weather-now__temp" data-testid="weather-temp">
                {t('weather.temperature', { value: n(w.currently.temperature) })}
              </p>
              <p className="weather-now__date">
                {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(new Date())}
              </p>
              <p className="weather-now__city" data-testid="weather-city">
                {place.city}
              </p>
              <dl className="weather-now__details">
                <dt>{t('weather.wind')}</dt>
                <dd data-testid="weather-wind">
                  {t('weather.windSpeed', { value: n(w.currently.windSpeed) })}
                </dd>
                <dt>{t('weather.humidity')}</dt>
                <dd data-testid="weather-humidity">
                  {t('weather.percent', { value: n(w.currently.humidity * 100) })}
                </dd>
              </dl>
            </section>
            <section aria-label={t('weather.forecast')}>
              <h2 className="weather-forecast__title">{t('weather.forecast')}</h2>
              <ul className="weather-forecast">
                {w.daily.data.map((d, i) => (
                  <li key={i} className={i % 2 === 0 ? 'weather-forecast__even' : undefined}>
                    <span className="weather-forecast__day">
                      {i === 0 ? t('weather.today') : dayName(i)}
                    </span>
                    <IonIcon
                      icon={ICONS[d.icon]}
                      aria-label={t(`weather.icons.${d.icon}`)}
                      role="img"
                    />
                    <span>
                      {t('weather.minMax', { min: n(d.temperatureMin), max: n(d.temperatureMax) })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <p className="weather-credit">
              <a
                href={`https://open-meteo.com/en/docs#latitude=${w.lat}&longitude=${w.lon}`}
                target="_blank"
                rel="noreferrer"
              >
                {t('weather.credit')}
              </a>
            </p>
          </>
        )}
      </IonContent>
    </IonPage>
  );
}
