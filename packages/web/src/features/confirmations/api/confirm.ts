import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** The confirmation calls of docs/wire-contract.md §4; none needs a session. */
export type ConfirmCall =
  | { kind: 'registration'; user: string; code: string }
  | { kind: 'email'; user: string; code: string }
  | { kind: 'reset'; user: string; code: string; password: string }
  | { kind: 'invite'; user: string; code: string; password: string };

function call(c: ConfirmCall): Promise<unknown> {
  const post = (path: string, json: unknown) =>
    http.request(path, { method: 'POST', json, auth: false, quiet: true });
  switch (c.kind) {
    case 'registration':
      return post('/api/v2/users/verify', { user: c.user, code: c.code });
    case 'email':
      return post('/api/v2/users/email/confirm', { user: c.user, code: c.code });
    case 'reset':
      return post('/api/v2/users/password/reset', {
        user: c.user,
        code: c.code,
        password: c.password,
      });
    case 'invite':
      return post(`/api/v2/users/${encodeURIComponent(c.user)}/invite_confirmation`, {
        pass: c.password,
        code: c.code,
      });
  }
}

export function useConfirm() {
  return useMutation({ mutationFn: call });
}
