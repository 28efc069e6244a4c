import { useState, type ReactNode } from 'react';
import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from '@/components/ui/resizable';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Panels split by handles (<code>role=&quot;separator&quot;</code> with <code>aria-valuenow</code>) that drag with the pointer or move
      with the keyboard. Panels have minimum and maximum sizes and can collapse.
    </p>
  ),
  builtOn: 'react-resizable-panels',
  examples: [
    { id: 'Horizontal', title: 'Horizontal, with a handle', render: Horizontal },
    { id: 'Vertical', title: 'Vertical, nested', render: Vertical },
    { id: 'Controlled', title: 'Reporting its layout, collapsible', render: Controlled },
  ],
  keyboard: [
    { keys: 'Tab', action: 'Moves focus to a handle.' },
    { keys: 'ArrowLeft / ArrowRight', action: 'Horizontal groups: moves the handle.' },
    { keys: 'ArrowUp / ArrowDown', action: 'Vertical groups: moves the handle.' },
    { keys: 'Home / End', action: 'Moves the handle to the minimum / maximum.' },
    { keys: 'Enter', action: 'Collapses or restores a collapsible panel.' },
  ],
});

function Box({ children }: { children: ReactNode }) {
  return <div className="flex h-full items-center justify-center p-4 text-sm font-medium">{children}</div>;
}

function Horizontal() {
  return (
    <ResizablePanelGroup orientation="horizontal" className="min-h-40 max-w-lg rounded-lg border">
      <ResizablePanel defaultSize="35" minSize="20">
        <Box>Layers</Box>
      </ResizablePanel>
      <ResizableHandle withHandle aria-label="Resize the layers panel" />
      <ResizablePanel defaultSize="65" minSize="30">
        <Box>Map</Box>
      </ResizablePanel>
    </ResizablePanelGroup>
  );
}

function Vertical() {
  return (
    <ResizablePanelGroup orientation="horizontal" className="min-h-56 max-w-lg rounded-lg border">
      <ResizablePanel defaultSize="50">
        <Box>Map</Box>
      </ResizablePanel>
      <ResizableHandle aria-label="Resize the map" />
      <ResizablePanel defaultSize="50">
        <ResizablePanelGroup orientation="vertical">
          <ResizablePanel defaultSize="40">
            <Box>Stats</Box>
          </ResizablePanel>
          <ResizableHandle aria-label="Resize stats and profile" />
          <ResizablePanel defaultSize="60">
            <Box>Elevation profile</Box>
          </ResizablePanel>
        </ResizablePanelGroup>
      </ResizablePanel>
    </ResizablePanelGroup>
  );
}

function Controlled() {
  const [layout, setLayout] = useState<Record<string, number>>({});
  return (
    <div className="grid w-full max-w-lg gap-2">
      <ResizablePanelGroup orientation="horizontal" onLayoutChange={setLayout} className="min-h-32 rounded-lg border">
        <ResizablePanel id="sidebar" defaultSize="25" minSize="15" collapsible collapsedSize="0">
          <Box>Sidebar</Box>
        </ResizablePanel>
        <ResizableHandle withHandle aria-label="Resize the sidebar" />
        <ResizablePanel id="main" minSize="40">
          <Box>Main</Box>
        </ResizablePanel>
      </ResizablePanelGroup>
      <p className="text-sm text-muted-foreground" data-testid="resizable-layout">
        {Object.entries(layout)
          .map(([k, v]) => `${k} ${Math.round(v)} %`)
          .join(' · ') || '—'}
      </p>
    </div>
  );
}
