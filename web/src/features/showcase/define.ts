import type { ComponentType, ReactNode } from 'react';

/** One live example on a showcase page; its source is shown from the demo file (function `id`). */
export interface ShowcaseExample {
  /** The name of the function in the demo file that renders this example. */
  id: string;
  title: string;
  description?: ReactNode;
  render: ComponentType;
}

export interface ShowcaseKey {
  keys: string;
  action: string;
}

/** A constant of SPEC.md §9 that the page demonstrates, with where it is set. */
export interface ShowcaseConstant {
  name: string;
  value: string;
  where: string;
}

export interface ShowcaseDefinition {
  description: ReactNode;
  /** The primitive it is built on (shown under the title). */
  builtOn: string;
  examples: ShowcaseExample[];
  keyboard?: ShowcaseKey[];
  constants?: ShowcaseConstant[];
  /** The example rendered again in the right-to-left preview (default: the first). */
  rtl?: string;
}

export function defineShowcase(def: ShowcaseDefinition): ShowcaseDefinition {
  return def;
}
