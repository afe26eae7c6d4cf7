import { describe, expect, it } from 'vitest';
import { refuseForeignRequest } from './refuse-foreign-request.js';

describe('refuseForeignRequest', () => {
  it('passes loopback hosts, with or without a port, and requests from no page', () => {
    for (const host of ['127.0.0.1:7412', 'localhost:7412', '[::1]:7412', 'LOCALHOST', '127.0.0.1'])
      expect(refuseForeignRequest({ host })).toBeNull();
  });

  it('refuses any other host name, the DNS-rebinding case, and a missing Host', () => {
    for (const host of [
      'rebound.example:7412',
      '127.0.0.1.nip.io:7412',
      '10.0.0.2:7412',
      undefined,
    ])
      expect(refuseForeignRequest({ host })?.code).toBe('host_not_allowed');
  });

  it('passes pages served from this machine and origins the server was told to allow', () => {
    const host = '127.0.0.1:7412';
    for (const origin of ['http://localhost:6274', 'https://127.0.0.1', 'http://[::1]:3000'])
      expect(refuseForeignRequest({ host, origin })).toBeNull();
    expect(
      refuseForeignRequest({ host, origin: 'https://tools.example' }, ['https://tools.example']),
    ).toBeNull();
  });

  it('refuses pages of other origins, opaque origins and non-web schemes', () => {
    const host = '127.0.0.1:7412';
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost.evil.example',
      'file://localhost',
      'chrome-extension://abc',
    ])
      expect(refuseForeignRequest({ host, origin })?.code).toBe('cross_site_refused');
  });
});
