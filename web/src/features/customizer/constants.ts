/** SPEC §9 panel breakpoint: a side sheet from 768 px, a bottom drawer below. */
export const PANEL_BREAKPOINT_PX = 768;
export const CUSTOMIZER_TITLE = 'Template Customizer';
export const CUSTOMIZER_SUBTITLE = 'Customize & Preview in Real Time';
