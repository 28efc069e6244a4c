import { useEffect, useState } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Carousel, CarouselContent, CarouselItem, CarouselNext, CarouselPrevious, type CarouselApi } from '@/components/ui/carousel';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Slides that move with the buttons, the arrow keys or a swipe. The region has <code>aria-roledescription=&quot;carousel&quot;</code>{' '}
      and a label; each slide is a group (“slide”). The Previous / Next buttons are disabled at the ends unless the carousel loops.
    </p>
  ),
  builtOn: 'embla-carousel-react',
  examples: [
    { id: 'Basic', title: 'Basic', render: Basic },
    { id: 'Sizes', title: 'Several per view, looping', render: Sizes },
    { id: 'Controlled', title: 'Controlled through the API', render: Controlled },
    { id: 'Vertical', title: 'Vertical', render: Vertical },
  ],
  keyboard: [
    { keys: 'ArrowLeft / ArrowRight', action: 'With focus inside the carousel: previous / next slide (mirrored in RTL).' },
    { keys: 'ArrowUp / ArrowDown', action: 'Vertical carousel: previous / next slide.' },
    { keys: 'Tab', action: 'Moves to the Previous / Next buttons and the slides’ content.' },
  ],
});

const PLACES = ['Pic de Casamanya', 'Estany de Engolasters', 'Coma Pedrosa', 'Vall del Madriu', 'Port de Cabús'];

function Slide({ label, index }: { label: string; index: number }) {
  return (
    <Card className="py-0">
      <CardContent className="flex aspect-video items-center justify-center p-6 text-center">
        <span className="text-lg font-semibold">
          {index + 1}. {label}
        </span>
      </CardContent>
    </Card>
  );
}

function Basic() {
  return (
    <Carousel aria-label="Viewpoints" className="w-[calc(100%-6rem)] max-w-xs">
      <CarouselContent>
        {PLACES.map((p, i) => (
          <CarouselItem key={p} aria-label={`${i + 1} of ${PLACES.length}`}>
            <Slide label={p} index={i} />
          </CarouselItem>
        ))}
      </CarouselContent>
      <CarouselPrevious />
      <CarouselNext />
    </Carousel>
  );
}

function Sizes() {
  return (
    <Carousel aria-label="Viewpoints, three per view" opts={{ align: 'start', loop: true }} className="w-[calc(100%-6rem)] max-w-md">
      <CarouselContent>
        {PLACES.map((p, i) => (
          <CarouselItem key={p} aria-label={`${i + 1} of ${PLACES.length}`} className="basis-1/2 lg:basis-1/3">
            <Slide label={p} index={i} />
          </CarouselItem>
        ))}
      </CarouselContent>
      <CarouselPrevious />
      <CarouselNext />
    </Carousel>
  );
}

function Controlled() {
  const [api, setApi] = useState<CarouselApi>();
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setCurrent(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => void api.off('select', onSelect);
  }, [api]);
  return (
    <div className="grid justify-items-center gap-3">
      <Carousel aria-label="Viewpoints, controlled" setApi={setApi} className="w-[calc(100%-6rem)] max-w-xs">
        <CarouselContent>
          {PLACES.map((p, i) => (
            <CarouselItem key={p} aria-label={`${i + 1} of ${PLACES.length}`}>
              <Slide label={p} index={i} />
            </CarouselItem>
          ))}
        </CarouselContent>
        <CarouselPrevious />
        <CarouselNext />
      </Carousel>
      <div className="flex gap-1.5" role="group" aria-label="Go to slide">
        {PLACES.map((p, i) => (
          <button
            key={p}
            type="button"
            aria-label={`Slide ${i + 1}`}
            aria-current={current === i ? 'true' : undefined}
            onClick={() => api?.scrollTo(i)}
            className="size-3 rounded-full bg-muted-foreground/30 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current]:bg-primary"
          />
        ))}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Slide {current + 1} of {PLACES.length}
      </p>
    </div>
  );
}

function Vertical() {
  return (
    <Carousel aria-label="Viewpoints, vertical" orientation="vertical" opts={{ align: 'start' }} className="my-12 w-full max-w-xs">
      <CarouselContent className="h-48">
        {PLACES.map((p, i) => (
          <CarouselItem key={p} aria-label={`${i + 1} of ${PLACES.length}`} className="basis-1/2">
            <div className="flex h-full items-center justify-center rounded-md border p-4 font-medium">{p}</div>
          </CarouselItem>
        ))}
      </CarouselContent>
      <CarouselPrevious />
      <CarouselNext />
    </Carousel>
  );
}
