import { ArrowDown, ArrowUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A real HTML table (caption, header cells, body, footer) that scrolls sideways on narrow screens. Sortable columns use a button in the
      header and <code>aria-sort</code>; selected rows are marked with <code>data-state=&quot;selected&quot;</code> and a labelled checkbox.
    </p>
  ),
  builtOn: 'table elements',
  examples: [
    { id: 'Basic', title: 'Caption, footer', render: Basic },
    { id: 'Sortable', title: 'Sortable, selectable (controlled)', render: Sortable },
    { id: 'Empty', title: 'Empty and loading', render: Empty },
  ],
  keyboard: [{ keys: 'Tab', action: 'Moves through the sort buttons and row checkboxes.' }],
});

const ROUTES = [
  { name: 'Morning loop', km: 12.4, climb: 640, status: 'public' },
  { name: 'Ridge run', km: 21.1, climb: 1320, status: 'private' },
  { name: 'River path', km: 8.2, climb: 110, status: 'unlisted' },
];

function Basic() {
  return (
    <Table className="max-w-xl">
      <TableCaption>Your latest routes.</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead className="text-end">Distance</TableHead>
          <TableHead className="text-end">Climb</TableHead>
          <TableHead>Visibility</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {ROUTES.map((r) => (
          <TableRow key={r.name}>
            <TableCell className="font-medium">{r.name}</TableCell>
            <TableCell className="text-end tabular-nums">{r.km} km</TableCell>
            <TableCell className="text-end tabular-nums">{r.climb} m</TableCell>
            <TableCell>
              <Badge variant="outline">{r.status}</Badge>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell>Total</TableCell>
          <TableCell className="text-end tabular-nums">41.7 km</TableCell>
          <TableCell className="text-end tabular-nums">2,070 m</TableCell>
          <TableCell />
        </TableRow>
      </TableFooter>
    </Table>
  );
}

function Sortable() {
  const [desc, setDesc] = useState(true);
  const [selected, setSelected] = useState<string[]>([]);
  const rows = useMemo(() => [...ROUTES].sort((a, b) => (desc ? b.km - a.km : a.km - b.km)), [desc]);
  return (
    <div className="grid w-full max-w-xl gap-2">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <Checkbox
                aria-label="Select all routes"
                checked={selected.length === ROUTES.length ? true : selected.length ? 'indeterminate' : false}
                onCheckedChange={(c) => setSelected(c === true ? ROUTES.map((r) => r.name) : [])}
              />
            </TableHead>
            <TableHead>Name</TableHead>
            <TableHead aria-sort={desc ? 'descending' : 'ascending'} className="text-end">
              <Button variant="ghost" size="sm" onClick={() => setDesc((d) => !d)}>
                Distance {desc ? <ArrowDown aria-hidden /> : <ArrowUp aria-hidden />}
              </Button>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => {
            const on = selected.includes(r.name);
            return (
              <TableRow key={r.name} data-state={on ? 'selected' : undefined}>
                <TableCell>
                  <Checkbox
                    aria-label={`Select ${r.name}`}
                    checked={on}
                    onCheckedChange={(c) => setSelected((s) => (c === true ? [...s, r.name] : s.filter((x) => x !== r.name)))}
                  />
                </TableCell>
                <TableCell>{r.name}</TableCell>
                <TableCell className="text-end tabular-nums">{r.km} km</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <p className="text-sm text-muted-foreground">{selected.length} selected</p>
    </div>
  );
}

function Empty() {
  return (
    <Table className="max-w-xl">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Due</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        <TableRow>
          <TableCell colSpan={2} className="h-24 text-center text-muted-foreground">
            No tasks match these filters.
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
