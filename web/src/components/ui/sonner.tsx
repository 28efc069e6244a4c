import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useMediaQuery } from '@/lib/use-media-query';

/** Below sonner's own mobile breakpoint toasts span the screen: there they come from the top. */
export const PHONE_TOASTS_QUERY = '(max-width: 600px)';

/**
 * Notification toasts (SPEC §9): bottom-right (on phones top-center, so a toast never covers a
 * bottom drawer such as the customizer's Layout options), 3 visible, gap 14 px, width 356 px (sonner's
 * fixed --width), viewport offset 32 px, hotkey Alt+T focusing the list labelled "Notifications",
 * close button labelled "Close toast", 4000 ms duration.
 */
export const NOTIFICATION_DEFAULTS = {
  position: 'bottom-right',
  visibleToasts: 3,
  gap: 14,
  offset: 32,
  hotkey: ['altKey', 'KeyT'],
  containerAriaLabel: 'Notifications',
  duration: 4000,
} as const satisfies Partial<ToasterProps>;

export function Toaster({ toastOptions, ...props }: ToasterProps) {
  const phone = useMediaQuery(PHONE_TOASTS_QUERY);
  return (
    <Sonner
      className="toaster group"
      {...NOTIFICATION_DEFAULTS}
      position={phone ? 'top-center' : NOTIFICATION_DEFAULTS.position}
      hotkey={[...NOTIFICATION_DEFAULTS.hotkey]}
      closeButton
      toastOptions={{ closeButtonAriaLabel: 'Close toast', ...toastOptions }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          '--width': '356px',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
