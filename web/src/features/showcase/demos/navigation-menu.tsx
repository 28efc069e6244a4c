import { Footprints, Map, Mountain } from 'lucide-react';
import { useState } from 'react';
import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
} from '@/components/ui/navigation-menu';
import { defineShowcase } from '../define';

export default defineShowcase({
  description: (
    <p>
      Site navigation: a list of links and triggers, each trigger revealing a panel of links (a disclosure, not an ARIA menu — the links
      stay links). Panels open on hover or on click/Enter, and the viewport animates between them.
    </p>
  ),
  builtOn: 'Radix NavigationMenu',
  examples: [
    { id: 'Site', title: 'Panels and links', render: Site },
    { id: 'Controlled', title: 'Controlled', render: Controlled },
  ],
  keyboard: [
    { keys: 'Tab / Shift+Tab', action: 'Moves through the triggers and links (into an open panel).' },
    { keys: 'Enter / Space', action: 'On a trigger: opens or closes its panel.' },
    { keys: 'ArrowDown', action: 'On an open trigger: moves focus into the panel.' },
    { keys: 'ArrowRight / ArrowLeft', action: 'Next / previous top-level item (mirrored in RTL).' },
    { keys: 'Escape', action: 'Closes the panel; focus returns to its trigger.' },
  ],
});

const PLANNER = [
  { title: 'Route planner', href: '/run', text: 'Snap to paths, climb and time.', icon: Footprints },
  { title: 'Loop generator', href: '/ui/maps/generate-route', text: 'Loops of a chosen length.', icon: Map },
  { title: 'Elevation', href: '/ui/maps/elevation', text: 'Terrain, contours and profiles.', icon: Mountain },
];

function Site() {
  return (
    <NavigationMenu>
      <NavigationMenuList>
        <NavigationMenuItem>
          <NavigationMenuTrigger>Plan</NavigationMenuTrigger>
          <NavigationMenuContent>
            <ul className="grid w-[320px] gap-1 md:w-[420px] md:grid-cols-2">
              {PLANNER.map((p) => (
                <li key={p.href}>
                  <NavigationMenuLink href={p.href}>
                    <span className="flex items-center gap-2 font-medium">
                      <p.icon aria-hidden /> {p.title}
                    </span>
                    <span className="text-muted-foreground">{p.text}</span>
                  </NavigationMenuLink>
                </li>
              ))}
            </ul>
          </NavigationMenuContent>
        </NavigationMenuItem>
        <NavigationMenuItem>
          <NavigationMenuTrigger>Projects</NavigationMenuTrigger>
          <NavigationMenuContent>
            <ul className="grid w-[240px] gap-1">
              <li>
                <NavigationMenuLink href="/dashboard/projects">All projects</NavigationMenuLink>
              </li>
              <li>
                <NavigationMenuLink href="/dashboard/projects/add">New project</NavigationMenuLink>
              </li>
            </ul>
          </NavigationMenuContent>
        </NavigationMenuItem>
        <NavigationMenuItem>
          <NavigationMenuLink href="/help" className={navigationMenuTriggerStyle()}>
            Help
          </NavigationMenuLink>
        </NavigationMenuItem>
      </NavigationMenuList>
    </NavigationMenu>
  );
}

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <div className="grid justify-items-center gap-2">
      <NavigationMenu value={value} onValueChange={setValue}>
        <NavigationMenuList>
          <NavigationMenuItem value="maps">
            <NavigationMenuTrigger>Maps</NavigationMenuTrigger>
            <NavigationMenuContent>
              <ul className="grid w-[220px] gap-1">
                <li>
                  <NavigationMenuLink href="/ui/maps/heatmap">Heatmap</NavigationMenuLink>
                </li>
                <li>
                  <NavigationMenuLink href="/ui/maps/3d-buildings">3D buildings</NavigationMenuLink>
                </li>
              </ul>
            </NavigationMenuContent>
          </NavigationMenuItem>
          <NavigationMenuItem value="account">
            <NavigationMenuTrigger>Account</NavigationMenuTrigger>
            <NavigationMenuContent>
              <ul className="grid w-[220px] gap-1">
                <li>
                  <NavigationMenuLink href="/settings/profile">Profile</NavigationMenuLink>
                </li>
              </ul>
            </NavigationMenuContent>
          </NavigationMenuItem>
        </NavigationMenuList>
      </NavigationMenu>
      <p className="mt-24 text-sm text-muted-foreground">Open panel: {value || 'none'}</p>
    </div>
  );
}
