import { useState } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Headings that expand one section (<code>type=&quot;single&quot;</code>, optionally <code>collapsible</code>) or several (
      <code>type=&quot;multiple&quot;</code>). Each trigger is a button inside a heading with <code>aria-expanded</code> and{' '}
      <code>aria-controls</code>.
    </p>
  ),
  builtOn: 'Radix Accordion',
  examples: [
    { id: 'Single', title: 'Single (uncontrolled)', render: Single },
    { id: 'Multiple', title: 'Multiple', render: Multiple },
    { id: 'States', title: 'States', description: 'Hover, focus-visible and a disabled item.', render: States },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
  ],
  keyboard: [
    { keys: 'Enter / Space', action: 'Expands or collapses the focused section.' },
    { keys: 'ArrowDown / ArrowUp', action: 'Moves focus to the next / previous heading.' },
    { keys: 'Home / End', action: 'Moves focus to the first / last heading.' },
    { keys: 'Tab', action: 'Moves through the headings and the focusable content of open sections.' },
  ],
});

const FAQ = [
  { id: 'snap', q: 'How does snapping work?', a: 'Each leg follows the foot network: paths, tracks and streets from OpenStreetMap.' },
  { id: 'offline', q: 'Does it work offline?', a: 'Yes. Routing and loops run in the browser on the region’s graph once it is cached.' },
  { id: 'export', q: 'Which formats can I export?', a: 'GPX, KML and GeoJSON.' },
];

function Single() {
  return (
    <Accordion type="single" collapsible defaultValue="snap" className="w-full max-w-lg">
      {FAQ.map((f) => (
        <AccordionItem key={f.id} value={f.id}>
          <AccordionTrigger>{f.q}</AccordionTrigger>
          <AccordionContent>{f.a}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

function Multiple() {
  return (
    <Accordion type="multiple" defaultValue={['snap', 'export']} className="w-full max-w-lg">
      {FAQ.map((f) => (
        <AccordionItem key={f.id} value={f.id}>
          <AccordionTrigger>{f.q}</AccordionTrigger>
          <AccordionContent>{f.a}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

function States() {
  return (
    <Accordion type="single" collapsible className="w-full max-w-lg">
      <AccordionItem value="hover">
        <AccordionTrigger data-force-hover>Hovered heading</AccordionTrigger>
        <AccordionContent>Content.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="focus">
        <AccordionTrigger data-force-focus>Focused heading</AccordionTrigger>
        <AccordionContent>Content.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="disabled" disabled>
        <AccordionTrigger>Disabled heading</AccordionTrigger>
        <AccordionContent>Never shown.</AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}

function Controlled() {
  const [open, setOpen] = useState('offline');
  return (
    <div className="grid w-full max-w-lg gap-3">
      <div className="flex flex-wrap gap-2">
        {FAQ.map((f) => (
          <Button key={f.id} size="sm" variant={open === f.id ? 'default' : 'outline'} onClick={() => setOpen(f.id)}>
            Open “{f.id}”
          </Button>
        ))}
      </div>
      <Accordion type="single" collapsible value={open} onValueChange={setOpen}>
        {FAQ.map((f) => (
          <AccordionItem key={f.id} value={f.id}>
            <AccordionTrigger>{f.q}</AccordionTrigger>
            <AccordionContent>{f.a}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
      <p className="text-sm text-muted-foreground">Open: {open || 'none'}</p>
    </div>
  );
}
