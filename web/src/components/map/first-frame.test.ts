import { describe, expect, it, vi } from 'vitest';

describe('first map frame signal', () => {
  it('waits for the map, marks the frame once, and never waits longer than its limit', async () => {
    vi.resetModules();
    const { afterFirstMapFrame, markFirstMapFrame } = await import('./first-frame');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let early = false;
      void afterFirstMapFrame(60_000).then(() => (early = true));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(early).toBe(false); // no frame yet, limit not reached
      markFirstMapFrame();
      markFirstMapFrame();
      await vi.advanceTimersByTimeAsync(0);
      expect(early).toBe(true);
      expect(performance.getEntriesByName('waymark:map-first-frame')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives up waiting after the limit when no map draws', async () => {
    vi.resetModules();
    const { afterFirstMapFrame } = await import('./first-frame');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let done = false;
      void afterFirstMapFrame(3_000).then(() => (done = true));
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
