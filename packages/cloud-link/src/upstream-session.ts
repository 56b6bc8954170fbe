import { z } from 'zod';
import { CLOUD_LINK_TIMING } from './timing.ts';
import type { CloudUpstream } from './upstream-config.ts';

/** Where a linked account's sign-in stands; the server shows it as the link's state. */
export type UpstreamSessionState =
  | { kind: 'signed-out' }
  | { kind: 'signed-in'; expiresAt: number }
  /** The cloud refused the password: nothing is tried again until setPassword. */
  | { kind: 'needs-password' }
  /** The cloud could not be reached or answered unexpectedly; the next call tries again. */
  | { kind: 'unreachable'; reason: string };

/** The cloud refused the account's password; the owner has to give it again. */
export class NeedsPasswordError extends Error {
  constructor(readonly upstream: string) {
    super(`The ${upstream} cloud refused the account's password`);
    this.name = 'NeedsPasswordError';
  }
}

/** The cloud could not be reached, timed out or answered something unexpected. */
export class UpstreamUnreachableError extends Error {
  constructor(
    readonly upstream: string,
    readonly reason: string,
  ) {
    super(`The ${upstream} cloud is unreachable: ${reason}`);
    this.name = 'UpstreamUnreachableError';
  }
}

/** The headers every call to this cloud carries, as its own app sends them. */
export function upstreamHeaders(upstream: CloudUpstream): Record<string, string> {
  return { 'x-serialid': upstream.serialId, 'x-referer': upstream.referer };
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive(),
});

type TokenOutcome =
  | { kind: 'ok'; access: string; refresh: string | undefined; expiresInMs: number }
  | { kind: 'refused' };

export interface UpstreamSessionOptions {
  upstream: CloudUpstream;
  username: string;
  /** Held in memory only; forgotten when the cloud refuses it. */
  password: string;
  fetch?: typeof fetch;
  now?: () => number;
  /** Renew the token on a timer before it expires (default true); calls renew on demand anyway. */
  refreshAhead?: boolean;
}

/**
 * One signed-in account on one vendor cloud: the OAuth password grant with the app's client,
 * refresh before expiry, one new sign-in when a refresh is refused, and then "needs password".
 */
export class UpstreamSession {
  private readonly upstream: CloudUpstream;
  private readonly username: string;
  private password: string | undefined;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  private readonly refreshAhead: boolean;
  private access: string | undefined;
  private refresh: string | undefined;
  private expiresAt = 0;
  private renewAt = 0;
  private inFlight: Promise<string> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private current: UpstreamSessionState = { kind: 'signed-out' };
  private readonly listeners = new Set<(state: UpstreamSessionState) => void>();
  private closed = false;

  constructor(options: UpstreamSessionOptions) {
    this.upstream = options.upstream;
    this.username = options.username;
    this.password = options.password;
    this.fetchFn = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
    this.refreshAhead = options.refreshAhead ?? true;
  }

  get state(): UpstreamSessionState {
    return this.current;
  }

  /** Calls the listener on every change of state; returns the way to stop. */
  onState(listener: (state: UpstreamSessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A valid access token, renewed or signed in again as needed (one request for many callers). */
  accessToken(): Promise<string> {
    if (this.closed) return Promise.reject(new Error('The upstream session is closed'));
    if (this.current.kind === 'needs-password') {
      return Promise.reject(new NeedsPasswordError(this.upstream.name));
    }
    if (this.access !== undefined && this.now() < this.renewAt) {
      return Promise.resolve(this.access);
    }
    this.inFlight ??= this.renew().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  /** The cloud answered 401 to a call with the current token: the next call renews it. */
  invalidate(token: string): void {
    if (token === this.access) this.renewAt = 0;
  }

  /** The owner gave the password again: sign in with it on the next call. */
  setPassword(password: string): void {
    this.password = password;
    this.access = undefined;
    this.refresh = undefined;
    this.setState({ kind: 'signed-out' });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.password = undefined;
    this.listeners.clear();
  }

  private async renew(): Promise<string> {
    try {
      if (this.refresh !== undefined) {
        const refreshed = await this.requestToken({
          grant_type: 'refresh_token',
          refresh_token: this.refresh,
        });
        if (refreshed.kind === 'ok') return this.accept(refreshed);
        this.refresh = undefined;
      }
      if (this.password === undefined) return this.refused();
      const signedIn = await this.requestToken({
        grant_type: 'password',
        username: this.username,
        password: this.password,
      });
      return signedIn.kind === 'ok' ? this.accept(signedIn) : this.refused();
    } catch (error) {
      if (error instanceof UpstreamUnreachableError) {
        this.setState({ kind: 'unreachable', reason: error.reason });
      }
      throw error;
    }
  }

  private refused(): never {
    this.password = undefined;
    this.access = undefined;
    this.refresh = undefined;
    clearTimeout(this.timer);
    this.setState({ kind: 'needs-password' });
    throw new NeedsPasswordError(this.upstream.name);
  }

  private accept(outcome: Extract<TokenOutcome, { kind: 'ok' }>): string {
    const now = this.now();
    this.access = outcome.access;
    this.refresh = outcome.refresh ?? this.refresh;
    this.expiresAt = now + outcome.expiresInMs;
    const margin = Math.min(
      CLOUD_LINK_TIMING.tokenRefreshMarginMs,
      outcome.expiresInMs * CLOUD_LINK_TIMING.tokenRefreshMarginShare,
    );
    this.renewAt = this.expiresAt - margin;
    this.setState({ kind: 'signed-in', expiresAt: this.expiresAt });
    if (this.refreshAhead && !this.closed) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.accessToken().catch(() => undefined);
      }, this.renewAt - now);
      this.timer.unref();
    }
    return outcome.access;
  }

  private async requestToken(form: Record<string, string>): Promise<TokenOutcome> {
    const name = this.upstream.name;
    const basic = Buffer.from(`${this.upstream.clientId}:${this.upstream.clientSecret}`).toString(
      'base64',
    );
    let response: Response;
    try {
      response = await this.fetchFn(`${this.upstream.apiBaseUrl}/client/token`, {
        method: 'POST',
        headers: {
          ...upstreamHeaders(this.upstream),
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(CLOUD_LINK_TIMING.requestTimeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'network error';
      throw new UpstreamUnreachableError(name, `token request failed (${reason})`);
    }
    // The clouds answer a wrong password or a dead refresh token with 400 or 401.
    if (response.status === 400 || response.status === 401) {
      await response.body?.cancel();
      return { kind: 'refused' };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new UpstreamUnreachableError(name, `token endpoint answered ${response.status}`);
    }
    const parsed = tokenAnswerSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new UpstreamUnreachableError(name, 'token endpoint answered an unknown shape');
    }
    return {
      kind: 'ok',
      access: parsed.data.access_token,
      refresh: parsed.data.refresh_token,
      expiresInMs: parsed.data.expires_in * 1000,
    };
  }

  private setState(state: UpstreamSessionState): void {
    this.current = state;
    for (const listener of this.listeners) listener(state);
  }
}
