import type { ReactNode } from 'react';
import { IonContent, IonPage } from '@ionic/react';
import { useBrand } from '../branding/branding-store';
import './auth-frame.css';

/** The signed-out screens (sign-in, register, confirmations): a branded card, no toolbar. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  return (
    <IonPage>
      <IonContent className="auth-frame" fullscreen>
        <main className="auth-frame__panel">
          <p className="auth-frame__brand" data-testid="brand-name">
            {brand.name}
          </p>
          <h1 className="auth-frame__title">{title}</h1>
          {children}
        </main>
      </IonContent>
    </IonPage>
  );
}
