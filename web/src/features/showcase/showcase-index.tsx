import { Link } from '@tanstack/react-router';
import { SearchIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { SHOWCASE, SHOWCASE_CATEGORIES } from '@/components/layout/showcase-catalog';
import { Input } from '@/components/ui/input';

/** /components: every showcase page in a grid, filtered as you type (name, title, summary, category). */
export function ShowcaseIndex() {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return SHOWCASE;
    return SHOWCASE.filter((e) => `${e.name} ${e.title} ${e.summary} ${e.category}`.toLowerCase().includes(q));
  }, [query]);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 p-4 md:p-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Components</h1>
        <p className="max-w-2xl text-muted-foreground">
          The {SHOWCASE.length} building blocks of Waymark’s interface, each with its variants, states, keyboard behaviour, a right-to-left
          preview and the code that renders it.
        </p>
      </header>
      <div className="relative max-w-md">
        <label htmlFor={inputId} className="sr-only">
          Search components
        </label>
        <SearchIcon aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={inputId}
          type="search"
          placeholder="Search components…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="ps-9"
        />
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {found.length === SHOWCASE.length ? `${found.length} components` : `${found.length} of ${SHOWCASE.length} components`}
      </p>
      {found.length === 0 ? (
        <p className="rounded-lg border border-dashed p-10 text-center text-muted-foreground">No component matches “{query}”.</p>
      ) : (
        SHOWCASE_CATEGORIES.map((cat) => {
          const items = found.filter((e) => e.category === cat);
          if (!items.length) return null;
          return (
            <section key={cat} aria-labelledby={`cat-${cat.replace(/\W+/g, '-')}`} className="space-y-3">
              <h2 id={`cat-${cat.replace(/\W+/g, '-')}`} className="text-lg font-semibold">
                {cat}
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="showcase-grid">
                {items.map((e) => (
                  <li key={e.name}>
                    <Link
                      to="/components/$name"
                      params={{ name: e.name }}
                      className="flex h-full flex-col gap-1 rounded-lg border bg-card p-4 text-card-foreground transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      <span className="font-medium">{e.title}</span>
                      <span className="text-sm text-muted-foreground">{e.summary}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}
