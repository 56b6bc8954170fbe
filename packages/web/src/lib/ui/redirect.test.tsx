import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { Redirect } from './redirect';

// Renders the redirect outside any route, so it stays mounted whatever the location: as a
// page the Ionic outlet keeps after the user has left it.
function Harness(props: { to: string; paths: string[]; grab: (n: NavigateFunction) => void }) {
  props.grab(useNavigate());
  props.paths.push(useLocation().pathname);
  return <Redirect to={props.to} />;
}

function setup(to: string) {
  const paths: string[] = [];
  let navigate: NavigateFunction = () => undefined;
  const view = render(
    <MemoryRouter initialEntries={['/login']}>
      <Harness to={to} paths={paths} grab={(n) => (navigate = n)} />
    </MemoryRouter>,
  );
  return { paths, navigate: (path: string) => act(() => void navigate(path)), view };
}

describe('Redirect', () => {
  test('replaces the route when it mounts', () => {
    const { paths } = setup('/');
    expect(paths.at(-1)).toBe('/');
  });

  test('does not pull later navigations back while it stays mounted', () => {
    const { paths, navigate } = setup('/');
    navigate('/homes/h1/devs/d1/htr/2');
    expect(paths.at(-1)).toBe('/homes/h1/devs/d1/htr/2');
  });

  test('redirects again when its target changes', () => {
    const paths: string[] = [];
    const grab = () => undefined;
    const view = render(
      <MemoryRouter initialEntries={['/login']}>
        <Harness to="/" paths={paths} grab={grab} />
      </MemoryRouter>,
    );
    view.rerender(
      <MemoryRouter initialEntries={['/login']}>
        <Harness to="/homes" paths={paths} grab={grab} />
      </MemoryRouter>,
    );
    expect(paths.at(-1)).toBe('/homes');
  });
});
