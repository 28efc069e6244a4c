// The pipeline's headers written straight into Node's table of headers (`presetOn`) must give the
// same header block as a `setHeader()` for each, and leave the response working as usual after.
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { securityHeaders, type NodeOutgoing } from './security.ts';

function response(): ServerResponse {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  return new ServerResponse(req);
}

/** The header block Node would write, without the Date line (it changes by the second). */
function block(res: ServerResponse): string {
  return (res as unknown as { _header: string })._header.replace(/^Date: .*\r\n/m, '');
}

const ID = '3f2a9c1e-7b4d-4e21-8a6f-000000000001';

describe('security headers on a Node response', () => {
  for (const [label, path, vary, hsts] of [
    ['an API answer', '/api/regions', true, false],
    ['a page, no Vary', '/projects', false, false],
    ['with HSTS', '/api/health', true, true],
  ] as const) {
    it(`presetOn writes the same header block as setHeader for each (${label})`, () => {
      const headers = securityHeaders(() => ["'sha256-abc='"], { hsts });
      const viaSet = response();
      viaSet.setHeader('x-request-id', ID);
      headers.setOn(viaSet as unknown as NodeOutgoing, path);
      if (vary) viaSet.setHeader('vary', 'Accept-Encoding');
      const viaPreset = response();
      headers.presetOn(viaPreset as unknown as NodeOutgoing, path, ID, vary);
      for (const res of [viaSet, viaPreset]) {
        // what a handler and the adapter do afterwards
        res.setHeader('cache-control', 'no-cache');
        res.writeHead(200, { 'content-type': 'application/json' });
      }
      expect(block(viaPreset)).toBe(block(viaSet));
      expect(block(viaPreset)).toContain(`x-request-id: ${ID}\r\n`);
      expect(block(viaPreset)).toContain('x-content-type-options: nosniff\r\n');
      expect(block(viaPreset).includes('strict-transport-security')).toBe(hsts);
    });
  }

  it('presetOn leaves getHeader, a handler’s own CSP and appendHeader working as before', () => {
    const headers = securityHeaders(() => []);
    const a = response();
    const b = response();
    headers.presetOn(a as unknown as NodeOutgoing, '/api/x', ID, true);
    headers.presetOn(b as unknown as NodeOutgoing, '/api/x', ID, true);
    expect(a.getHeader('x-frame-options')).toBe('DENY');
    a.setHeader('content-security-policy', "sandbox; default-src 'none'");
    a.appendHeader('vary', 'Origin');
    a.writeHead(200);
    b.writeHead(200);
    expect(block(a)).toContain("content-security-policy: sandbox; default-src 'none'\r\n");
    expect(block(a)).toContain('vary: Accept-Encoding\r\nvary: Origin\r\n');
    // the other response's pairs were not shared
    expect(block(b)).toContain('vary: Accept-Encoding\r\n');
    expect(block(b)).not.toContain('Origin');
  });

  it('falls back to setHeader when the response already has headers, or is not Node’s', () => {
    const headers = securityHeaders(() => []);
    const res = response();
    res.setHeader('x-early', '1');
    headers.presetOn(res as unknown as NodeOutgoing, '/api/x', ID, false);
    expect(res.getHeader('x-early')).toBe('1');
    expect(res.getHeader('x-request-id')).toBe(ID);
    const set: Record<string, string> = {};
    const standIn = { headersSent: false, setHeader: (k: string, v: string) => (set[k] = v) };
    headers.presetOn(standIn, '/api/x', ID, true);
    expect(Object.keys(set)).toEqual([
      'x-request-id',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
      'vary',
    ]);
  });
});
