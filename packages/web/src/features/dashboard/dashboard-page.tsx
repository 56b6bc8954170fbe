import {
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonSpinner,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useHomes } from './api/get-homes';
import { HomeSection } from './components/home-section';
import './dashboard.css';

export function DashboardPage() {
  const { t } = useTranslation();
  const homes = useHomes();

  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonMenuButton aria-label={t('menu.open')} />
          </IonButtons>
          <IonTitle>
            <span>{t('dashboard.title')}</span>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">
        {homes.isPending && (
          <p role="status" className="dashboard__loading">
            <IonSpinner aria-hidden="true" /> <span>{t('dashboard.loading')}</span>
          </p>
        )}
        {homes.isError && (
          <div role="status" className="dashboard__error">
            <p>{t('dashboard.loadFailed')}</p>
            <IonButton onClick={() => void homes.refetch()}>{t('dashboard.retry')}</IonButton>
          </div>
        )}
        {homes.isSuccess && homes.data.length === 0 && (
          <p className="dashboard__empty">{t('dashboard.noHomes')}</p>
        )}
        {homes.data?.map((home) => (
          <HomeSection key={home.id} home={home} />
        ))}
      </IonContent>
    </IonPage>
  );
}
