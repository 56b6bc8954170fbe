import { expect, test } from 'vitest';
import { createDemoBackend } from './demo-backend';

const setup = () => createDemoBackend({ now: () => 0, random: () => 0.5 });
const USER = '/api/v2/users/demo';

test.each([
  ['POST', `${USER}/password`, { password: 'old', new_password: 'abc' }],
  ['POST', `${USER}/password`, { password: '', new_password: 'good_one' }],
  [
    'POST',
    `${USER}/email`,
    { new_email: 'nope', password: 'x', serialid: '01.01', frontend_host: 'https://a.b' },
  ],
  ['DELETE', USER, {}],
  ['POST', `${USER}/privacy`, { accepted: false }],
  ['POST', `${USER}/preferences`, { lang: 'xx' }],
])('%s %s %j is the server’s 400 (spec 1 §5 rules)', (method, path, body) => {
  expect(setup().handle(method, path, body)).toMatchObject({
    status: 400,
    body: { statusCode: 400, error: 'validation_failed' },
  });
});

test('account writes answer the server’s {message}, and the language kept is the one set', () => {
  const backend = setup();
  expect(
    backend.handle('POST', `${USER}/password`, { password: 'old', new_password: 'good_one' }),
  ).toEqual({ status: 200, body: { message: 'Password changed' } });
  expect(backend.handle('DELETE', USER, { password: 'x' }).body).toEqual({
    message: 'Account deleted',
  });
  expect(backend.handle('POST', `${USER}/preferences`, { lang: 'fr' }).body).toEqual({
    lang: 'fr',
  });
  expect(backend.handle('GET', `${USER}/preferences`).body).toEqual({ lang: 'fr' });
});
