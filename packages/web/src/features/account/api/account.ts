import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

const userPath = (userId: string, suffix = '') =>
  `/api/v2/users/${encodeURIComponent(userId)}${suffix}`;

/** 400 (wrong password, bad input) is explained by the form itself; `quiet` keeps the global toast away. */
export function useChangeEmail(userId: string) {
  return useMutation({
    mutationFn: (body: {
      new_email: string;
      password: string;
      serialid: string;
      frontend_host: string;
    }) => http.request(userPath(userId, '/email'), { method: 'POST', json: body, quiet: true }),
  });
}

export function useChangePassword(userId: string) {
  return useMutation({
    mutationFn: (body: { password: string; new_password: string }) =>
      http.request(userPath(userId, '/password'), { method: 'POST', json: body, quiet: true }),
  });
}

export function useDeleteAccount(userId: string) {
  return useMutation({
    mutationFn: (body: { password: string }) =>
      http.request(userPath(userId), { method: 'DELETE', json: body, quiet: true }),
  });
}
