import type { MailPerson } from '@waymark/contracts/mail';
import { X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { cn } from '@/lib/utils';
import { useContacts } from '../api/get-contacts';

/**
 * Recipients as removable chips and a combobox that suggests people you can write to (members of
 * your projects; anyone for admins), filtered as you type. Arrow keys choose, Enter adds,
 * Backspace in an empty field removes the last chip.
 */
export function RecipientInput({
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  label: string;
  value: MailPerson[];
  onChange: (v: MailPerson[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const contacts = useContacts(query, open);
  const options = (contacts.data ?? []).filter((c) => !value.some((v) => v.id === c.id));
  const add = (p: MailPerson) => {
    onChange([...value, p]);
    setQuery('');
    setActive(0);
    input.current?.focus();
  };
  const listId = `${id}-list`;
  return (
    <div className="relative grid gap-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={cn(
          'flex min-h-9 flex-wrap items-center gap-1 rounded-md border border-input bg-transparent px-2 py-1 shadow-xs focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30',
          invalid && 'border-destructive',
        )}
        onClick={() => input.current?.focus()}
      >
        {value.map((p) => (
          <span
            key={p.id}
            className="inline-flex max-w-full items-center gap-1 rounded-sm bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground"
          >
            <bdi className="truncate">{p.name || p.email}</bdi>
            <button
              type="button"
              className="rounded-xs outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`Remove ${p.name || p.email}`}
              onClick={(e) => {
                e.stopPropagation();
                onChange(value.filter((v) => v.id !== p.id));
              }}
            >
              <X className="size-3" aria-hidden />
            </button>
          </span>
        ))}
        <input
          ref={input}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open && options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && options[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          className="min-w-24 flex-1 bg-transparent py-1 text-sm outline-none placeholder:text-muted-foreground"
          placeholder={value.length ? '' : 'Type a name or email'}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => Math.min(a + 1, Math.max(options.length - 1, 0)));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter' && open && options[active]) {
              e.preventDefault();
              add(options[active]);
            } else if (e.key === 'Backspace' && !query && value.length) {
              onChange(value.slice(0, -1));
            } else if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        />
      </div>
      {open && options.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-56 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.map((p, i) => (
            <li
              key={p.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-accent text-accent-foreground')}
              onMouseDown={(e) => {
                e.preventDefault();
                add(p);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <bdi className="font-medium">{p.name || p.email}</bdi>
              {p.email && p.name && (
                <span className="ms-2 text-muted-foreground">
                  <bdi>{p.email}</bdi>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && contacts.isSuccess && options.length === 0 && (
        <p
          role="status"
          className="absolute inset-x-0 top-full z-50 mt-1 rounded-md border bg-popover px-3 py-2 text-sm text-muted-foreground shadow-md"
        >
          {query ? 'Nobody you can write to matches.' : 'Share a project with someone to write to them.'}
        </p>
      )}
    </div>
  );
}
