import type { Locator, Page } from '@playwright/test';
import { label, shown } from '../accounts-mail';
import { showMonday, type Ids } from './screens';

/** A dialog a person meets, how it is opened, and what shows it is up. */
export interface Dialog {
  name: string;
  /** Signed out, right after a new account's first sign-in, or as the demo's owner. */
  when: 'signed-out' | 'first-sign-in' | 'signed-in';
  open: (page: Page, ids: Ids) => Promise<void>;
  shown: (page: Page) => Locator;
}

const node = (ids: Ids) =>
  `/homes/${ids.node.homeId}/devs/${ids.node.devId}/${ids.node.type}/${ids.node.addr}`;
const dialogNamed = (name: string | RegExp) => (page: Page) =>
  page.getByRole('dialog', { name }).locator('visible=true').last();

export const DIALOGS: Dialog[] = [
  {
    name: 'serial-help',
    when: 'signed-out',
    // On the second step of registration, where the serial id is asked for.
    open: async (page) => {
      await page.goto('/login/register');
      await label(page, 'E-mail').fill('someone@example.com');
      await label(page, 'Password').fill('good_pw1');
      await label(page, 'Repeat password').fill('good_pw1');
      await label(page, /I accept the terms/).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: 'Where is my serial id?' }).click();
    },
    shown: dialogNamed('Where is my serial id?'),
  },
  {
    // Its Accept is judged enabled, as a person who ticked the box sees it.
    name: 'privacy-policy',
    when: 'first-sign-in',
    open: async (page) => {
      await shown(page, 'privacy-dialog').getByRole('checkbox').check();
    },
    shown: (page) => shown(page, 'privacy-dialog'),
  },
  {
    name: 'boost',
    when: 'signed-in',
    open: async (page, ids) => {
      await page.goto(node(ids));
      await page
        .getByRole('navigation', { name: 'Heater actions' })
        .getByRole('button', { name: 'Boost' })
        .click();
    },
    shown: dialogNamed('Boost'),
  },
  {
    name: 'profile-temperature',
    when: 'signed-in',
    open: async (page, ids) => {
      await page.goto(`${node(ids)}/schedule`);
      await showMonday(page);
      await shown(page, 'schedule-profiles').getByRole('button', { name: /Eco/ }).click();
    },
    shown: (page) => page.getByRole('dialog').locator('visible=true').last(),
  },
  {
    // Its Delete is judged enabled, once a password is typed (nothing is sent).
    name: 'delete-account',
    when: 'signed-in',
    open: async (page) => {
      await page.goto('/account');
      await shown(page, 'account-tab-configuration').click();
      await page.getByRole('button', { name: 'Delete account' }).click();
      await label(shown(page, 'delete-dialog'), 'Password').fill('not-sent');
    },
    shown: (page) => shown(page, 'delete-dialog'),
  },
];
