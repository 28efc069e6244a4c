import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, dismissToast, toast } from './use-toast';
import { renderHook, act } from '@testing-library/react';
import { useToast } from './use-toast';

describe('store-based toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps one toast at a time and removes closed ones after 1,000,000 ms', () => {
    vi.useFakeTimers();
    expect([TOAST_LIMIT, TOAST_REMOVE_DELAY_MS]).toEqual([1, 1_000_000]);
    const { result } = renderHook(() => useToast());
    act(() => void toast({ title: 'First' }));
    let second!: ReturnType<typeof toast>;
    act(() => void (second = toast({ title: 'Second' })));
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Second']);
    act(() => second.dismiss());
    expect(result.current.toasts[0]).toMatchObject({ title: 'Second', open: false });
    act(() => void vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
    act(() => dismissToast());
  });
});
