import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOT_REFUSALS, REFUSALS, countToasts, errorBody } from '../../test/toast-count';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderRoute } from '../../test/route-render';
import { signIn } from '../../test/session';
import { useErrorToastStore } from '../../lib/http';
import { useSessionStore } from '../../lib/session/session-store';
import { PrivacyUpdateDialog } from './privacy-update-dialog';
import { TEXT_CONTRAST_MIN } from '@hearth/protocol';
import {
  BRAND_COLOURS,
  LOAD_ORDERS,
  brandRootTokens,
  cascade,
  seenContrast,
} from '../../test/css-cascade';

let answer: () => Response;

beforeEach(() => {
  signIn();
  installFakeFetch({
    'GET /api/v2/users/u1/privacy': () => json({ accepted: false, date: null }),
    'POST /api/v2/users/u1/privacy': () => answer(),
  });
});

afterEach(() => {
  useErrorToastStore.getState().dismiss();
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

async function openDialog() {
  renderRoute('/', <PrivacyUpdateDialog />, '/');
  return screen.findByRole('dialog', { name: 'Privacy policy update' });
}

describe('privacy-policy-update dialog (spec 1 §2)', () => {
  test('cannot be left, and Accept is enabled only with the box ticked', async () => {
    answer = () => json({ accepted: true, date: '2026-01-01T00:00:00.000Z' });
    const dialog = await openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /cancel|close/i })).toBeNull();
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    expect(accept).toBeEnabled();
    fireEvent.click(accept);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  test.each([...REFUSALS, ...NOT_REFUSALS])(
    "a %i %s when accepting is the global userRequest error, told once (spec 1 §8): the server's code says who tells it",
    async (status, code) => {
      answer = () => json(errorBody(status, code), status);
      const dialog = await openDialog();
      const told = countToasts();
      fireEvent.click(within(dialog).getByRole('checkbox'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
      await waitFor(() => expect(useErrorToastStore.getState().kind).toBe('userRequest'));
      expect(told()).toBe(1);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    },
  );
});

test('a user who has accepted the policy sees no dialog (spec 1 §2)', async () => {
  const { calls } = installFakeFetch({
    'GET /api/v2/users/u1/privacy': () => json({ accepted: true, date: '2026-01-01T00:00:00Z' }),
  });
  renderRoute('/', <PrivacyUpdateDialog />, '/');
  await waitFor(() => expect(calls.some((c) => c.url.endsWith('/privacy'))).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('accepting sends accepted true for the user, and the dialog links the privacy and terms pages (spec 1 §2, §7)', async () => {
  answer = () => json({ accepted: true, date: '2026-01-01T00:00:00.000Z' });
  const { calls } = installFakeFetch({
    'GET /api/v2/users/u1/privacy': () => json({ accepted: false, date: null }),
    'POST /api/v2/users/u1/privacy': () => answer(),
  });
  const dialog = await openDialog();
  expect(within(dialog).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  expect(within(dialog).getByTestId('policy-terms-link')).toHaveAttribute('href', '/terms');
  fireEvent.click(within(dialog).getByRole('checkbox'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
  expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toMatchObject({
    accepted: true,
  });
});

describe('privacy-policy-update dialog, as seen', () => {
  test.each(BRAND_COLOURS)(
    'Accept reads at WCAG AA on brand colour %s, whichever screen styles loaded first',
    async (primary) => {
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('checkbox'));
      const accept = within(dialog).getByRole('button', { name: 'Accept' });
      for (const files of LOAD_ORDERS) {
        const seen = cascade(files, brandRootTokens(primary));
        expect(seenContrast(seen, accept)).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
      }
    },
  );
});
