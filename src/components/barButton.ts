/**
 * The top bar's labelled buttons, on `size="icon-sm"`: the icon alone below 640 px (the label
 * hidden, still the accessible name); from there the label beside it, in small type until 1024 px,
 * where eight labelled controls (an admin's) would not fit at the regular size.
 */
export const BAR_BUTTON = "sm:w-auto sm:gap-1 sm:px-1.5 sm:max-lg:text-xs lg:gap-1.5 lg:px-2.5";
