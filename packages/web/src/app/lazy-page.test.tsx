import type { ReactElement } from 'react';
import { describe, expect, test } from 'vitest';
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
