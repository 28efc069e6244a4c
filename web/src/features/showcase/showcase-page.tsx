import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Direction } from 'radix-ui';
import { Suspense, use, useEffect, useId } from 'react';
import { SHOWCASE, showcaseEntry } from '@/components/layout/showcase-catalog';
import { Badge } from '@/components/ui/badge';
import { Kbd } from '@/components/ui/kbd';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { CodeBlock } from './code-block';
import type { ShowcaseExample } from './define';
import { installForcedStates } from './forced-states';
import { loadDemo, type LoadedDemo } from './load';
import { functionSource, importsFor } from './source';

/** /components/{name}: one component's reference page, from its demo file. */
export function ShowcasePage({ name }: { name: string }) {
  const entry = showcaseEntry(name)!;
  const index = SHOWCASE.findIndex((e) => e.name === name);
  const prev = SHOWCASE[index - 1];
  const next = SHOWCASE[index + 1];
  useEffect(() => {
    installForcedStates();
  }, []);
  return (
    <div className="mx-auto w-full max-w-5xl space-y-10 p-4 md:p-8" data-showcase={name}>
      <header className="space-y-3">
        <p className="text-sm text-muted-foreground">
          <Link to="/components" className="underline-offset-4 hover:underline">
            Components
          </Link>{' '}
          · {entry.category}
        </p>
        <h1 className="text-3xl font-bold tracking-tight">{entry.title}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{entry.summary}</p>
      </header>
      <Suspense fallback={<PageSkeleton />}>
        <DemoBody key={name} promise={loadDemo(name)} />
      </Suspense>
      <nav aria-label="More components" className="flex items-center justify-between gap-4 border-t pt-6 text-sm">
        {prev ? (
          <Link to="/components/$name" params={{ name: prev.name }} className="inline-flex items-center gap-2 font-medium hover:underline">
            <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" /> {prev.title}
          </Link>
        ) : (
          <span />
        )}
        {next && (
          <Link to="/components/$name" params={{ name: next.name }} className="inline-flex items-center gap-2 font-medium hover:underline">
            {next.title} <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
          </Link>
        )}
      </nav>
    </div>
  );
}

function PageSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <span className="sr-only">Loading examples</span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function DemoBody({ promise }: { promise: Promise<LoadedDemo> }) {
  const { def, source } = use(promise);
  const rtlExample = def.examples.find((e) => e.id === def.rtl) ?? def.examples[0]!;
  const RtlRender = rtlExample.render;
  return (
    <div className="space-y-10" data-showcase-ready="">
      <div className="space-y-3">
        <div className="max-w-3xl space-y-2 leading-relaxed [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm">
          {def.description}
        </div>
        <Badge variant="outline">Built on {def.builtOn}</Badge>
      </div>
      {def.examples.map((ex) => (
        <ExampleSection key={ex.id} example={ex} source={source} />
      ))}
      {def.constants && (
        <section aria-labelledby="constants" className="space-y-3">
          <h2 id="constants" className="text-xl font-semibold tracking-tight">
            Constants (SPEC.md §9)
          </h2>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Constant</TableHead>
                <TableHead>Value</TableHead>
                <TableHead>Set in</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {def.constants.map((c) => (
                <TableRow key={c.name}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell className="font-mono">{c.value}</TableCell>
                  <TableCell className="font-mono text-xs">{c.where}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
      {def.keyboard && (
        <section aria-labelledby="keyboard" className="space-y-3">
          <h2 id="keyboard" className="text-xl font-semibold tracking-tight">
            Keyboard
          </h2>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-48">Keys</TableHead>
                <TableHead>Action</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {def.keyboard.map((k) => (
                <TableRow key={k.keys}>
                  <TableCell>
                    <span className="flex flex-wrap gap-1">
                      {k.keys.split(' / ').map((key) => (
                        <Kbd key={key}>{key}</Kbd>
                      ))}
                    </span>
                  </TableCell>
                  <TableCell className="whitespace-normal">{k.action}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
      <section aria-labelledby="rtl-preview" className="space-y-3">
        <h2 id="rtl-preview" className="text-xl font-semibold tracking-tight">
          Right-to-left
        </h2>
        <p className="text-sm text-muted-foreground">
          “{rtlExample.title}” again with <code className="rounded bg-muted px-1">dir=&quot;rtl&quot;</code>: layout, arrows and keyboard
          direction mirror.
        </p>
        <div dir="rtl" lang="ar" data-preview="rtl" className="rounded-lg border p-6">
          <Direction.Provider dir="rtl">
            <RtlRender />
          </Direction.Provider>
        </div>
      </section>
    </div>
  );
}

function ExampleSection({ example, source }: { example: ShowcaseExample; source: string }) {
  const id = useId();
  const fn = functionSource(source, example.id) ?? '';
  const imports = importsFor(source, fn);
  const Render = example.render;
  return (
    <section aria-labelledby={id} className="space-y-3" data-example={example.id}>
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {example.title}
      </h2>
      {example.description && <p className="max-w-3xl text-sm text-muted-foreground">{example.description}</p>}
      <div data-preview="" className="flex min-h-32 flex-wrap items-center justify-center gap-4 rounded-lg border p-6">
        <Render />
      </div>
      <details className="group rounded-md">
        <summary className="cursor-pointer text-sm font-medium text-muted-foreground hover:text-foreground">Code</summary>
        <div className="mt-2">
          <CodeBlock code={imports ? `${imports}\n\n${fn}` : fn} label={`Source of the ${example.title} example`} />
        </div>
      </details>
    </section>
  );
}
