import { Settings } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { OPEN_CUSTOMIZER_EVENT } from '@/components/layout/command-menu-store';
import { Button } from '@/components/ui/button';
import './customizer.css';

const loadSurface = () => import('./customizer-surface');
const CustomizerSurface = lazy(loadSurface);

/**
 * The Template Customizer (SPEC §2/§4): a gear button fixed at the screen edge opens a side sheet
 * (≥ 768 px; on the left in RTL, otherwise the right) or a bottom drawer (narrower screens). The
 * panel's code loads on first use (or when the button is hovered or focused).
 */
export function Customizer() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_CUSTOMIZER_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_CUSTOMIZER_EVENT, onOpen);
  }, []);
  if (open && !loaded) setLoaded(true);

  return (
    <>
      <Button
        size="icon"
        aria-label="Open Template Customizer"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="customizer-trigger"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadSurface()}
        onFocus={() => void loadSurface()}
        className="fixed end-0 top-1/3 z-40 -translate-y-1/2 rounded-e-none shadow-lg md:top-1/2 print:hidden"
      >
        <Settings className="size-5 motion-safe:animate-[spin_6s_linear_infinite]" />
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <CustomizerSurface open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
