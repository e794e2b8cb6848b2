/**
 * The top bar's labelled buttons: icon-sized below 640 px (the label hidden, still the accessible
 * name), a little wider from there for the label beside the icon.
 */
export const BAR_BUTTON = "max-sm:size-8 max-sm:px-0 sm:gap-1.5 sm:px-2 lg:px-2.5";
