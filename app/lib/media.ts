/** Below the 768 px breakpoint of public.css: the slide-out menu and the closed footer groups. */
export const SMALL_SCREEN = "(max-width: 767.98px)";
