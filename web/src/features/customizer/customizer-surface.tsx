import { AlignLeft, AlignRight, Laptop, Moon, PanelLeft, PanelsTopLeft, RotateCcw, SquareDashed, Sun } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Drawer, DrawerContent, DrawerDescription, DrawerHeader, DrawerTitle } from '@/components/ui/drawer';
import { Separator } from '@/components/ui/separator';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import {
  DIRECTIONS,
  MODES,
  NAVBAR_TYPES,
  RADII,
  THEMES,
  resetPreferences,
  setPreferences,
  usePreferences,
  type ColorMode,
  type Direction,
  type NavbarType,
} from '@/lib/preferences';
import { useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/lib/utils';

import { CUSTOMIZER_SUBTITLE, CUSTOMIZER_TITLE, PANEL_BREAKPOINT_PX } from './constants';

const MODE_META: Record<ColorMode, { label: string; icon: typeof Sun }> = {
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
  system: { label: 'System', icon: Laptop },
};
const NAVBAR_META: Record<NavbarType, { label: string; icon: typeof Sun }> = {
  sidebar: { label: 'Sidebar', icon: PanelLeft },
  floating: { label: 'Floating', icon: PanelsTopLeft },
  inset: { label: 'Inset', icon: SquareDashed },
};
const DIR_META: Record<Direction, { label: string; icon: typeof Sun }> = {
  ltr: { label: 'LTR', icon: AlignLeft },
  rtl: { label: 'RTL', icon: AlignRight },
};

function OptionGroup<T extends string>({
  label,
  value,
  onChange,
  children,
  columns = 3,
}: {
  label: string;
  value: T;
  onChange: (v: T) => void;
  children: ReactNode;
  columns?: number;
}) {
  const id = `customizer-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="grid gap-2">
      <div id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </div>
      <RadioGroupPrimitive.Root
        aria-labelledby={id}
        value={value}
        onValueChange={(v) => onChange(v as T)}
        className="grid gap-2"
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        loop
      >
        {children}
      </RadioGroupPrimitive.Root>
    </div>
  );
}

function Option({ value, children, label }: { value: string; children: ReactNode; label?: string }) {
  return (
    <RadioGroupPrimitive.Item
      value={value}
      aria-label={label}
      className={cn(
        'flex h-9 items-center justify-center gap-2 rounded-md border bg-background px-2 text-sm shadow-xs transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'data-[state=checked]:border-primary data-[state=checked]:ring-1 data-[state=checked]:ring-primary',
      )}
    >
      {children}
    </RadioGroupPrimitive.Item>
  );
}

export function CustomizerPanel() {
  const prefs = usePreferences();
  return (
    <div className="grid gap-6 px-4 pb-6" data-testid="customizer-panel">
      <section aria-labelledby="customizer-theming" className="grid gap-4">
        <h3 id="customizer-theming" className="text-sm font-semibold">
          Theming
        </h3>
        <OptionGroup label="Color" value={prefs.theme} onChange={(theme) => setPreferences({ theme })}>
          {THEMES.map((t) => (
            <Option key={t} value={t}>
              <span aria-hidden className={cn(`theme-${t}`, 'flex size-4 shrink-0 items-center justify-center rounded-full bg-primary')} />
              <span className="truncate">{t.charAt(0).toUpperCase() + t.slice(1)}</span>
            </Option>
          ))}
        </OptionGroup>
        <OptionGroup
          label="Radius"
          value={String(prefs.radius)}
          onChange={(r) => setPreferences({ radius: Number(r) as (typeof RADII)[number] })}
          columns={5}
        >
          {RADII.map((r) => (
            <Option key={r} value={String(r)} label={`${r} rem`}>
              {r}
            </Option>
          ))}
        </OptionGroup>
        <OptionGroup label="Mode" value={prefs.mode} onChange={(mode) => setPreferences({ mode })}>
          {MODES.map((m) => {
            const { label, icon: Icon } = MODE_META[m];
            return (
              <Option key={m} value={m}>
                <Icon aria-hidden className="size-4" />
                {label}
              </Option>
            );
          })}
        </OptionGroup>
      </section>
      <Separator />
      <section aria-labelledby="customizer-layout" className="grid gap-4">
        <h3 id="customizer-layout" className="text-sm font-semibold">
          Layout
        </h3>
        <OptionGroup label="Navbar Type" value={prefs.sidebar.variant} onChange={(variant) => setPreferences({ sidebar: { variant } })}>
          {NAVBAR_TYPES.map((n) => {
            const { label, icon: Icon } = NAVBAR_META[n];
            return (
              <Option key={n} value={n}>
                <Icon aria-hidden className="size-4" />
                {label}
              </Option>
            );
          })}
        </OptionGroup>
        <OptionGroup label="Direction" value={prefs.dir} onChange={(dir) => setPreferences({ dir })} columns={2}>
          {DIRECTIONS.map((d) => {
            const { label, icon: Icon } = DIR_META[d];
            return (
              <Option key={d} value={d}>
                <Icon aria-hidden className="size-4" />
                {label}
              </Option>
            );
          })}
        </OptionGroup>
      </section>
    </div>
  );
}

function ResetButton() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label="Reset to defaults" onClick={resetPreferences}>
          <RotateCcw />
        </Button>
      </TooltipTrigger>
      <TooltipContent>Reset to defaults</TooltipContent>
    </Tooltip>
  );
}

/** Start keyboard focus on the selected colour rather than on the first button (whose tooltip would pop up). */
function focusCheckedOption(event: Event) {
  const root = event.currentTarget as HTMLElement | null;
  const checked = root?.querySelector<HTMLElement>('[role="radio"][data-state="checked"]');
  if (checked) {
    event.preventDefault();
    checked.focus();
  }
}

/** The sheet (≥ 768 px; left in RTL, otherwise right) or bottom drawer holding the panel. */
export default function CustomizerSurface({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { dir } = usePreferences();
  const wide = useMediaQuery(`(min-width: ${PANEL_BREAKPOINT_PX}px)`);

  const header = (Title: typeof SheetTitle | typeof DrawerTitle, Description: typeof SheetDescription | typeof DrawerDescription) => (
    <div className="flex items-start justify-between gap-2">
      <div className="grid gap-1 text-start">
        <Title>{CUSTOMIZER_TITLE}</Title>
        <Description>{CUSTOMIZER_SUBTITLE}</Description>
      </div>
      <ResetButton />
    </div>
  );

  return wide ? (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side={dir === 'rtl' ? 'left' : 'right'}
        overlayClassName="bg-black/10"
        data-testid="customizer"
        className="w-[22rem] gap-0 overflow-y-auto sm:max-w-[22rem]"
        closeLabel="Close Template Customizer"
        onOpenAutoFocus={focusCheckedOption}
      >
        <SheetHeader className="pe-12">{header(SheetTitle, SheetDescription)}</SheetHeader>
        <CustomizerPanel />
      </SheetContent>
    </Sheet>
  ) : (
    <Drawer open={open} onOpenChange={onOpenChange} direction="bottom">
      <DrawerContent data-testid="customizer" onOpenAutoFocus={focusCheckedOption}>
        <DrawerHeader>{header(DrawerTitle, DrawerDescription)}</DrawerHeader>
        <div className="overflow-y-auto">
          <CustomizerPanel />
        </div>
      </DrawerContent>
    </Drawer>
  );
}
