import type { TokenResponse } from '@hearth/protocol';
import { TEST_CLIENT } from './test-hearth';

export function basic(id = TEST_CLIENT.id, secret = TEST_CLIENT.secret): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export function tokenRequest(
  url: string,
  form: Record<string, string>,
  authorization = basic(),
): Promise<Response> {
  return fetch(`${url}/client/token`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

export async function login(url: string, email: string, password: string): Promise<TokenResponse> {
  const res = await tokenRequest(url, { grant_type: 'password', username: email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TokenResponse;
}

export async function getJson(
  url: string,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

export async function postJson(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
