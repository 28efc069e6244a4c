import { Link } from '@tanstack/react-router';
import type * as React from 'react';

/**
 * A router link to an app path given as a plain string. Navigation data names paths that other
 * features add on their own, so they are not checked against this build's route tree.
 */
export function NavLink({ to, ...props }: { to: string } & Omit<React.ComponentProps<'a'>, 'href'>) {
  return <Link to={to as never} {...props} />;
}
