import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keep the map's own controls (zoom/compass at the top, scale and attribution at the bottom) clear
 * of panels that overlay the map: sets `--map-inset-top` / `--map-inset-bottom` on `root` to how
 * far `top` reaches down into it and `bottom` up into it, and follows their size as they change
 * (a bottom sheet opening, a toolbar wrapping). `map-controls.css` reads the two variables.
 * A missing panel (null, or a ref not yet attached) leaves its side at 0. The panels are looked up again when `active` changes.
 */
export function useMapInsets(
  root: RefObject<HTMLElement | null>,
  top: RefObject<HTMLElement | null> | null,
  bottom: RefObject<HTMLElement | null> | null,
  active = true,
) {
  useLayoutEffect(() => {
    const r = root.current;
    if (!r) return;
    if (!active) {
      r.style.removeProperty('--map-inset-top');
      r.style.removeProperty('--map-inset-bottom');
      return;
    }
    const update = () => {
      const box = r.getBoundingClientRect();
      const t = top?.current?.getBoundingClientRect();
      const b = bottom?.current?.getBoundingClientRect();
      r.style.setProperty('--map-inset-top', `${t ? Math.max(0, Math.round(t.bottom - box.top)) : 0}px`);
      r.style.setProperty('--map-inset-bottom', `${b ? Math.max(0, Math.round(box.bottom - b.top)) : 0}px`);
    };
    update();
    const ro = new ResizeObserver(update);
    for (const el of [r, top?.current, bottom?.current]) if (el) ro.observe(el);
    return () => ro.disconnect();
  }, [active, root, top, bottom]);
}
