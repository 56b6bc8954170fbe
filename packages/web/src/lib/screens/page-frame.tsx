import type { ReactNode } from 'react';
import {
  IonBackButton,
  IonButtons,
  IonContent,
  IonFooter,
  IonHeader,
  IonMenuButton,
  IonPage,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { useTranslation } from 'react-i18next';
import './screens.css';

interface Props {
  title: string;
  /** Accessible name of the back arrow (from the caller's translations). */
  backLabel: string;
  /** Where the back arrow goes when there is no history (a deep link). */
  backTo?: string;
  /** Text beside the back arrow; empty by default (the arrow alone, named by backLabel). */
  backText?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * A screen with a back arrow, a title, the menu icon, scrolling content and an optional bottom
 * toolbar.
 */
export function PageFrame({
  title,
  backLabel,
  backTo = '/',
  backText = '',
  footer,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <IonPage>
      <IonHeader>
        <IonToolbar color="primary">
          <IonButtons slot="start">
            <IonBackButton defaultHref={backTo} text={backText} aria-label={backLabel} />
          </IonButtons>
          <IonTitle>
            <span>{title}</span>
          </IonTitle>
          {/* Spec 1 §2: the main toolbar has the menu icon; it hides itself where the menu is off. */}
          <IonButtons slot="end">
            <IonMenuButton aria-label={t('menu.open')} />
          </IonButtons>
        </IonToolbar>
      </IonHeader>
      <IonContent className="ion-padding">{children}</IonContent>
      {footer && (
        <IonFooter>
          <IonToolbar>{footer}</IonToolbar>
        </IonFooter>
      )}
    </IonPage>
  );
}
