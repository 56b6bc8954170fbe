import type { ComponentType, ReactElement } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@hearth/protocol';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { lazyPage } from './lazy-page';

describe('lazy screens', () => {
  test('announce that the page is loading until its code arrives, then show it', async () => {
    let arrive: (page: (props: { name: string }) => ReactElement) => void = () => undefined;
    const Page = lazyPage<{ name: string }>(() => new Promise((resolve) => (arrive = resolve)));
    render(
      <I18nextProvider i18n={i18n}>
        <Page name="Casa Pins" />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the page…');
    await act(async () => arrive(({ name }) => <h1>{name}</h1>));
    expect(await screen.findByRole('heading', { name: 'Casa Pins' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('a screen whose code does not arrive', () => {
  const renderPage = (Page: ComponentType) =>
    render(
      <I18nextProvider i18n={i18n}>
        <Page />
      </I18nextProvider>,
    );

  test('a failed load shows the error with a retry, not a blank app', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('chunk failed')));
    renderPage(Page);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This screen could not be loaded. Check the connection and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('a load still pending after 120 s counts as failed (spec 1 §9)', async () => {
    vi.useFakeTimers();
    try {
      const Page = lazyPage(() => new Promise<ComponentType>(() => undefined));
      renderPage(Page);
      await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(screen.getByRole('alert')).toHaveTextContent('This screen could not be loaded');
    } finally {
      vi.useRealTimers();
    }
  });
});
