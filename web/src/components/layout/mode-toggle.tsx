import { Check, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { MODES, setPreferences, usePreferences, type ColorMode } from '@/lib/preferences';

const LABELS: Record<ColorMode, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function ModeToggle() {
  const { mode } = usePreferences();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Colour mode">
          <Sun className="size-[1.2rem] scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
          <Moon className="absolute size-[1.2rem] scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {MODES.map((m) => (
          <DropdownMenuItem key={m} onSelect={() => setPreferences({ mode: m })}>
            {LABELS[m]}
            <Check aria-hidden className={mode === m ? 'ms-auto' : 'invisible ms-auto'} />
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
