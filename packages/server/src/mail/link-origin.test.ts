import { describe, expect, it } from 'vitest';
import type { BrandsFile } from '@hearth/protocol';
import { defaultClientData } from '@hearth/protocol';
import { BUNDLED_BRANDS } from '../catalog/brands';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { createLinkOrigin, linkBase } from './link-origin';

function origins(brands: BrandsFile, frontendHost = '', publicUrl = 'http://127.0.0.1:8080') {
  return createLinkOrigin({
    publicUrl: () => publicUrl,
    catalog: {
      brands: () => Promise.resolve(brands),
      clientData: () => Promise.resolve({ ...defaultClientData([]).appParameters, frontendHost }),
    },
    log: createLogger('silent'),
  });
}

describe('link origin', () => {
  it('reads a base URL as scheme, host and path only', () => {
    expect(linkBase('HTTPS://App.Example.com/')).toBe('https://app.example.com');
    expect(linkBase('https://example.com/hearth/?x=1#y')).toBe('https://example.com/hearth');
    expect(linkBase('https://a@example.com')).toBeUndefined();
    expect(linkBase('javascript:alert(1)')).toBeUndefined();
    expect(linkBase('not a url')).toBeUndefined();
  });

  it('answers the public URL without a request, and for an origin no brand allows', async () => {
    const pick = origins(BUNDLED_BRANDS);
    expect(await pick(undefined, '01.01')).toBe('http://127.0.0.1:8080');
    expect(await pick('https://evil.example', '01.01')).toBe('http://127.0.0.1:8080');
  });

  it('allows the origins listed for the serial’s brand, and only for that brand', async () => {
    const pick = origins({
      ...BUNDLED_BRANDS,
      '02': { ...BUNDLED_BRANDS['02']!, mail_origins: ['https://calora.example/'] },
    });
    expect(await pick('https://calora.example', '02.07')).toBe('https://calora.example');
    expect(await pick('https://calora.example', '01.01')).toBe('http://127.0.0.1:8080');
  });

  it('falls back to the default brand for an unknown serial key', async () => {
    const pick = origins({
      ...BUNDLED_BRANDS,
      '01': { ...BUNDLED_BRANDS['01']!, mail_origins: ['https://hearth.example'] },
    });
    expect(await pick('https://hearth.example/', 'ZZ.01')).toBe('https://hearth.example');
  });

  it('ignores a mail_origins that is not a list of strings', async () => {
    const pick = origins({
      ...BUNDLED_BRANDS,
      '01': { ...BUNDLED_BRANDS['01']!, mail_origins: 'https://evil.example' },
    });
    expect(await pick('https://evil.example', '01.01')).toBe('http://127.0.0.1:8080');
  });

  it('allows the brand’s appParameters.frontendHost, which the app sends', async () => {
    const pick = origins(BUNDLED_BRANDS, 'https://app.hearth.example');
    expect(await pick('https://app.hearth.example', '01.01')).toBe('https://app.hearth.example');
  });
});

describe('PUBLIC_URL', () => {
  const base = { JWT_SECRET: 'x'.repeat(16), GATEWAY_KEY: 'y'.repeat(16), DATA_DIR: '.' };

  it('is optional and kept without a trailing slash', () => {
    expect(loadConfig(base).publicUrl).toBeUndefined();
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://heat.example.com/' }).publicUrl).toBe(
      'https://heat.example.com',
    );
  });

  it('must be an http(s) URL without query or fragment', () => {
    for (const bad of ['ftp://heat.example.com', 'heat.example.com', 'https://h.example/?a=1']) {
      expect(() => loadConfig({ ...base, PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });
});
