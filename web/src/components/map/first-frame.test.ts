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

  it('lets page-wide work wait for a map only on pages that announce one', async () => {
    vi.resetModules();
    const mod = await import('./first-frame');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let noMap = false;
      void mod.afterFirstMapFrameIfAny(1_500, 15_000).then(() => (noMap = true));
      await vi.advanceTimersByTimeAsync(1_400);
      expect(noMap).toBe(false); // the page may still announce a map
      await vi.advanceTimersByTimeAsync(200);
      expect(noMap).toBe(true); // none announced: go

      let withMap = false;
      mod.expectMapFrame();
      void mod.afterFirstMapFrameIfAny(1_500, 15_000).then(() => (withMap = true));
      await vi.advanceTimersByTimeAsync(5_000);
      expect(withMap).toBe(false); // a map is coming: wait for its frame
      mod.markFirstMapFrame();
      await vi.advanceTimersByTimeAsync(0);
      expect(withMap).toBe(true);

      vi.resetModules();
      const fresh = await import('./first-frame');
      let capped = false;
      fresh.expectMapFrame();
      void fresh.afterFirstMapFrameIfAny(1_500, 15_000).then(() => (capped = true));
      await vi.advanceTimersByTimeAsync(14_900);
      expect(capped).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(capped).toBe(true); // a map that never draws does not hold the work forever
    } finally {
      vi.useRealTimers();
    }
  });
});
