import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { IonContent, IonHeader, IonList, IonMenu, IonTitle, IonToolbar } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { SIDE_PANEL_WIDTH_PX } from '@hearth/protocol';
import { brandLogos, useBrand } from '../lib/branding';
import { useSessionStore } from '../lib/session/session-store';
import { LanguagePicker } from './language-picker';
import { SideMenuItems } from './side-menu-items';

/**
 * The side panel of the signed-in pages (spec 1 §2 "Toolbar and side menu"). Its own chunk:
 * nobody signed out ever opens it, so the sign-in screen does not load it.
 *
 * Its content (about thirty Ionic components: items, icons, labels, the toolbar) is built
 * when the panel first starts opening, not with the page under it: a closed panel shows
 * nothing, and building it cost the dashboard's first load a long main-thread task on phones.
 * Once built it stays.
 */
export function SideMenu({ disabled }: { disabled: boolean }) {
  const [opened, setOpened] = useState(false);
  const menu = useRef<HTMLIonMenuElement>(null);
  useEffect(() => {
    const el = menu.current;
    if (opened || !el) return;
    const open = () => setOpened(true);
    el.addEventListener('ionWillOpen', open);
    return () => el.removeEventListener('ionWillOpen', open);
  }, [opened]);
  useEffect(() => {
    const el = menu.current;
    if (!el) return;
    // Spec 1 §2: the language picker closes when the panel closes; a native list closes with
    // its focus, and nothing in a closed panel should keep the keyboard's focus anyway.
    const close = () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && el.contains(focused)) focused.blur();
    };
    el.addEventListener('ionWillClose', close);
    return () => el.removeEventListener('ionWillClose', close);
  }, []);
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    el.disabled = disabled;
    // The panel can be taken away while it slides (signing out from it, even as it is still
    // opening; a 401 as it opens): Ionic hides the page under it (aria-hidden, no pointer
    // events) until a slide ends and, once removed, forgets that page, so the sign-in screen
    // came up hidden from screen readers and taps. A disabled panel shows the page again at
    // once, mid-slide or not, so the panel is disabled before React removes it (a layout
    // effect's clean-up runs first). The clean-up also runs when a suspended panel is hidden;
    // setting up again restores `disabled`.
    return () => {
      el.disabled = true;
    };
  }, [disabled]);
  return (
    <IonMenu
      ref={menu}
      contentId="main"
      style={{ '--width': `${SIDE_PANEL_WIDTH_PX}px` } as CSSProperties}
    >
      {opened && <SideMenuContent />}
    </IonMenu>
  );
}

function SideMenuContent() {
  const { t } = useTranslation();
  const username = useSessionStore((s) => s.username);
  const logos = brandLogos(useBrand());
  return (
    <>
      <IonHeader>
        <IonToolbar color="primary">
          <IonTitle>
            <span>{t('menu.title')}</span>
          </IonTitle>
        </IonToolbar>
      </IonHeader>
      <IonContent>
        <div className="menu__logos">
          <img src={logos.logo} alt="" height={36} data-testid="menu-logo" />
          <img
            src={logos.secondary}
            alt=""
            height={24}
            className="menu__secondary-logo"
            data-testid="menu-secondary-logo"
          />
        </div>
        <p className="menu__user" data-testid="menu-user">
          {username}
        </p>
        <LanguagePicker />
        <IonList>
          <SideMenuItems />
        </IonList>
      </IonContent>
    </>
  );
}
