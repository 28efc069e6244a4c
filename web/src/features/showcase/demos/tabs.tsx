import { Footprints, Map, Settings } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Panels of content, one visible at a time (<code>tablist</code>, <code>tab</code>, <code>tabpanel</code>). The list is one tab stop:
      the arrow keys move between tabs and activate them (automatic activation), mirrored in RTL.
    </p>
  ),
  builtOn: 'Radix Tabs',
  examples: [
    { id: 'Uncontrolled', title: 'Uncontrolled', render: Uncontrolled },
    { id: 'Controlled', title: 'Controlled, with icons and a disabled tab', render: Controlled },
    { id: 'Vertical', title: 'Vertical, manual activation', render: Vertical },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to the active tab, then into its panel.' },
    { keys: 'ArrowRight / ArrowLeft', action: 'Next / previous tab (mirrored in RTL; wraps around).' },
    { keys: 'ArrowDown / ArrowUp', action: 'Vertical tabs: next / previous tab.' },
    { keys: 'Home / End', action: 'First / last tab.' },
    { keys: 'Enter / Space', action: 'Manual activation: shows the focused tab’s panel.' },
  ],
});

function Uncontrolled() {
  return (
    <Tabs defaultValue="stats" className="w-full max-w-md">
      <TabsList>
        <TabsTrigger value="stats">Stats</TabsTrigger>
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="surface">Surface</TabsTrigger>
      </TabsList>
      <TabsContent value="stats" className="rounded-md border p-4 text-sm">
        12.4 km · 640 m climb · 1 h 25 min
      </TabsContent>
      <TabsContent value="profile" className="rounded-md border p-4 text-sm">
        Elevation profile.
      </TabsContent>
      <TabsContent value="surface" className="rounded-md border p-4 text-sm">
        Paths 62 %, tracks 25 %, streets 13 %.
      </TabsContent>
    </Tabs>
  );
}

function Controlled() {
  const [tab, setTab] = useState('plan');
  return (
    <div className="grid w-full max-w-md gap-2">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="plan">
            <Footprints aria-hidden /> Plan
          </TabsTrigger>
          <TabsTrigger value="map">
            <Map aria-hidden /> Map
          </TabsTrigger>
          <TabsTrigger value="admin" disabled>
            <Settings aria-hidden /> Admin
          </TabsTrigger>
        </TabsList>
        <TabsContent value="plan" className="rounded-md border p-4 text-sm">
          Planner panel.
        </TabsContent>
        <TabsContent value="map" className="rounded-md border p-4 text-sm">
          Map panel.
        </TabsContent>
      </Tabs>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="tabs-value">
        Active: {tab}
      </p>
    </div>
  );
}

function Vertical() {
  return (
    <Tabs defaultValue="account" orientation="vertical" activationMode="manual" className="w-full max-w-md flex-row">
      <TabsList className="h-auto flex-col">
        <TabsTrigger value="account" className="w-full">
          Account
        </TabsTrigger>
        <TabsTrigger value="display" className="w-full">
          Display
        </TabsTrigger>
      </TabsList>
      <TabsContent value="account" className="rounded-md border p-4 text-sm">
        Account settings.
      </TabsContent>
      <TabsContent value="display" className="rounded-md border p-4 text-sm">
        Display settings.
      </TabsContent>
    </Tabs>
  );
}
