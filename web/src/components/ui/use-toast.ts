import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastVariant } from './toast';

/** SPEC §9 store-based toaster: one toast at a time; closed toasts are removed after 1,000,000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export interface ToastRecord {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
  open: boolean;
  variant?: ToastVariant;
  duration?: number;
  onOpenChange?: (open: boolean) => void;
}

export type ToastInput = Omit<ToastRecord, 'id' | 'open' | 'onOpenChange'>;

let toasts: ToastRecord[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastRecord[]) {
  toasts = next;
  for (const l of listeners) l();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Close one toast (or all): it stays in the store, closed, until its removal delay has passed. */
export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function updateToast(id: string, patch: Partial<ToastInput>) {
  emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)));
}

/** Show a toast; a new toast drops older ones beyond the limit of one. */
export function toast(input: ToastInput) {
  seq = (seq + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(seq);
  const record: ToastRecord = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismissToast(id);
    },
  };
  emit([record, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id), update: (patch: Partial<ToastInput>) => updateToast(id, patch) };
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}
const snapshot = () => toasts;

export function useToast() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: list, toast, dismiss: dismissToast };
}
