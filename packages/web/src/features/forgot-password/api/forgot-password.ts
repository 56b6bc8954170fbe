import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** POST /api/v2/users/password/forgot: the same answer whether or not the address exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: { email: string; serialid: string; frontend_host: string }) =>
      http.request<{ message: string }>('/api/v2/users/password/forgot', {
        method: 'POST',
        json: body,
        auth: false,
        quiet: true,
      }),
  });
}
