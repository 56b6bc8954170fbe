import {
  IonButtons,
  IonContent,
  IonFooter,
  IonHeader,
  IonIcon,
  IonMenuButton,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { addCircleOutline, homeOutline, settingsOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useHomes } from '../../lib/devices';
import { useAddHomeOffered } from '../../lib/home-data';
import { sortHomes, useHomesSortMethod } from './model/home-sort';
import { homeRoutes } from './model/home-routes';
import './homes.css';

/** Spec 2 §2 "Home list": homes in the chosen order, an add button and the sort settings. */
export function HomeListPage() {
  const { t } = useTranslation();
  const homes = useHomes();
  const method = useHomesSortMethod();
  const list = sortHomes(homes.data ?? [], method);
  const canAdd = useAddHomeOffered();

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton aria-label={t('menu.open')} />
          </IonButtons>
          <IonTitle>
            <span className="homes-title">
              <IonIcon icon={homeOutline} aria-hidden="true" /> {t('homes.title')}
            </span>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        <ul className="homes-list" aria-label={t('homes.title')}>
          {list.map((home) => (
            <li key={home.id}>
              <Link to={homeRoutes.details(home.id, 'data')} className="homes-list__item">
                {home.owner ? home.name : `${home.name} (${t('homes.guest')})`}
              </Link>
            </li>
          ))}
        </ul>
        {homes.isSuccess && list.length === 0 && <p>{t('homes.empty')}</p>}
      </IonContent>
      <IonFooter>
        <IonToolbar>
          <nav className="homes-toolbar" aria-label={t('homes.toolbar')}>
            {canAdd && (
              <Link to={homeRoutes.addHome} className="homes-tool">
                <IonIcon icon={addCircleOutline} aria-hidden="true" />
                <span>{t('homes.add')}</span>
              </Link>
            )}
            <Link to={homeRoutes.sortSettings} className="homes-tool">
              <IonIcon icon={settingsOutline} aria-hidden="true" />
              <span>{t('homes.sortSettings')}</span>
            </Link>
          </nav>
        </IonToolbar>
      </IonFooter>
    </IonPage>
  );
}
