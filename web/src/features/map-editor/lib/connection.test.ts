import { describe, expect, it } from 'vitest';
import { MODEL_VERSION } from '@waymark/collab';
import { closeReason, collabUrl } from './connection.ts';

describe('the collaboration connection', () => {
  it("announces this code's document model when it connects", () => {
    const url = new URL(collabUrl({ protocol: 'https:', host: 'maps.example:8443' }));
    expect(url.protocol).toBe('wss:');
    expect(url.host).toBe('maps.example:8443');
    expect(url.pathname).toBe('/api/collab');
    expect(url.searchParams.get('model')).toBe(String(MODEL_VERSION));
    expect(collabUrl({ protocol: 'http:', host: 'localhost:3000' })).toMatch(/^ws:\/\/localhost:3000\//);
  });

  it('turns the server’s "outdated client" close into a reload message, and leaves reconnectable closes alone', () => {
    expect(closeReason(4426)).toMatch(/Reload the page/);
    expect(closeReason(4403)).toMatch(/no longer have access/);
    expect(closeReason(1006)).toBeNull();
    expect(closeReason(1012)).toBeNull();
  });
});
