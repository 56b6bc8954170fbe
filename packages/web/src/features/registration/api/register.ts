import { useMutation } from '@tanstack/react-query';
import type { Language } from '@hearth/protocol';
import { http } from '../../../lib/http';

export interface Registration {
  email: string;
  password: string;
  /** Dotted form, e.g. "01.01". */
  serialid: string;
  lang: Language;
  frontend_host: string;
}

/** POST /api/v2/users (docs/wire-contract.md §4): the server mails the confirmation link. */
export function useRegister() {
  return useMutation({
    mutationFn: (body: Registration) =>
      http.request<{ message: string }>('/api/v2/users', {
        method: 'POST',
        json: body,
        auth: false,
      }),
  });
}
