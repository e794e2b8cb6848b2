import { useState } from "react";
import { prefetch } from "./lazyWithReload";

/**
 * A dialog whose code loads on first use: fetched as soon as its opener is hovered or focused,
 * mounted when first opened, then kept mounted so that closing can animate and focus returns.
 *
 *   const howToPlay = useLazyDialog(loadHowToPlay);
 *   <Button {...howToPlay.openerProps}>How to Play</Button>
 *   {howToPlay.mounted && <HowToPlayDialog {...howToPlay.dialogProps} />}
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return {
    mounted,
    dialogProps: { open, onOpenChange: setOpen },
    openerProps: {
      onPointerEnter: () => prefetch(load),
      onFocus: () => prefetch(load),
      onClick: () => {
        setMounted(true);
        setOpen(true);
      },
    },
  };
}
