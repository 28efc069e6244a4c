import { Mountain } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      A surface grouping a header (title, description, an optional action), content and a footer. Cards are containers, not controls: put a
      heading level that fits the page in the title when it names a section.
    </p>
  ),
  builtOn: 'div elements',
  examples: [
    { id: 'Basic', title: 'Header, content, footer', render: Basic },
    { id: 'Stat', title: 'Statistic with an action', render: Stat },
    { id: 'Loading', title: 'Loading and empty', render: Loading },
  ],
});

function Basic() {
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        <CardTitle>Coll de la Botella loop</CardTitle>
        <CardDescription>12.4 km · 640 m climb · 1 h 25 min</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">Forest tracks above Pal, a ridge path back to the start.</CardContent>
      <CardFooter className="gap-2">
        <Button size="sm">Open</Button>
        <Button size="sm" variant="outline">
          Export GPX
        </Button>
      </CardFooter>
    </Card>
  );
}

function Stat() {
  return (
    <Card className="w-full max-w-xs">
      <CardHeader>
        <CardDescription>Climb this month</CardDescription>
        <CardTitle className="text-3xl tabular-nums">4,180 m</CardTitle>
        <CardAction>
          <Mountain aria-hidden className="size-5 text-muted-foreground" />
        </CardAction>
      </CardHeader>
      <CardFooter className="text-sm text-muted-foreground">+12 % on last month</CardFooter>
    </Card>
  );
}

function Loading() {
  return (
    <div className="grid w-full max-w-2xl gap-4 sm:grid-cols-2">
      <Card role="status" aria-busy="true" aria-label="Loading route">
        <CardHeader>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </CardHeader>
        <CardContent>
          <Skeleton className="h-16 w-full" />
        </CardContent>
      </Card>
      <Card className="border-dashed">
        <CardHeader>
          <CardTitle>No routes yet</CardTitle>
          <CardDescription>Plan one on the map or import a GPX file.</CardDescription>
        </CardHeader>
        <CardFooter>
          <Button size="sm" variant="outline">
            Plan a route
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
