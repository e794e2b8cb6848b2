import { useEffect, useRef, useState, type SyntheticEvent } from "react";
import { BLUR_STEPS_PX } from "@convex/model/shared/rules";
import { coverUrl } from "@/lib/coverUrl";
import { cn } from "@/lib/utils";

/** Blur steps are defined on a cover this wide (convex/model/catalogue/coverImages.ts). */
const REFERENCE_WIDTH_PX = 256;
/**
 * The server's step image already holds no more than the step shows; a CSS blur of half the step,
 * relative to the cover's width (container units), only smooths its few pixels when scaled up.
 */
function cssBlur(step: number | null): string {
  if (step === null) return "none";
  const px = BLUR_STEPS_PX[step] ?? BLUR_STEPS_PX[0];
  return `blur(calc(${(0.5 * px) / REFERENCE_WIDTH_PX} * 100cqw))`;
}

type Layer = { src: string; step: number | null };

const imageClass =
  "absolute inset-0 size-full object-cover select-none [image-rendering:smooth] scale-110";

/**
 * The round's cover. A box of the cover's own colour holds the 2:3 space, so nothing moves. A new
 * step never replaces the one on screen until it has loaded and been decoded (img.decode()); it
 * then cross-fades in over the image it replaces, which stays underneath (no flash of the
 * placeholder colour mid-fade).
 *
 * Nothing sharper is fetched ahead: the server serves no step before the player has earned it
 * (convex/model/catalogue/covers.ts), since a prefetched step would be one click away in the network panel.
 * "Preloading" is this: the next step's address arrives with the wrong guess's result, and the
 * image is fetched and decoded out of sight before it is shown.
 */
export function CoverImage({
  path,
  color,
  step,
  alt,
  className,
}: {
  path: string | null;
  color: string | null;
  /** The blur step shown (index into BLUR_STEPS_PX), or null for the clear cover. */
  step: number | null;
  alt: string;
  /** Sizes the cover where its place is already sized (the game's phone thumbnail). */
  className?: string;
}) {
  const src = path === null ? null : coverUrl(path);
  // The image on screen, and the one it replaced (kept beneath it while it fades in).
  const [{ shown, beneath }, setLayers] = useState<{ shown: Layer | null; beneath: Layer | null }>({
    shown: null,
    beneath: null,
  });
  const wanted = useRef(src);
  useEffect(() => {
    wanted.current = src;
  }, [src]);

  function reveal(event: SyntheticEvent<HTMLImageElement>, layer: Layer) {
    const image = event.currentTarget;
    // jsdom has no decode(); browsers resolve it once the image can be painted at once.
    const decoded = typeof image.decode === "function" ? image.decode() : Promise.resolve();
    void decoded
      .catch(() => {}) // an image that cannot be decoded shows as the browser can
      .then(() => {
        if (wanted.current !== layer.src) return; // a newer step is already on its way
        setLayers((layers) =>
          layers.shown?.src === layer.src ? layers : { shown: layer, beneath: layers.shown },
        );
      });
  }

  // Until the new image is ready, the one on screen stays as the bottom layer; with no image to
  // come (a withdrawn round's: it shows none), nothing stays.
  const bottom = src === null ? null : shown !== null && shown.src !== src ? shown : beneath;
  return (
    <div
      data-testid="cover"
      className={cn(
        "relative mx-auto aspect-[2/3] w-[60%] max-w-[15rem] overflow-hidden rounded-lg bg-muted shadow-lg ring-1 ring-border [container-type:inline-size] md:w-full md:max-w-none",
        className,
      )}
      style={color === null ? undefined : { backgroundColor: color }}
    >
      {bottom !== null && bottom.src !== src && (
        <img
          key={bottom.src}
          src={bottom.src}
          alt=""
          aria-hidden
          draggable={false}
          className={cn(imageClass, bottom.step === null && "scale-100")}
          style={{ filter: cssBlur(bottom.step) }}
        />
      )}
      {src !== null && (
        <img
          key={src}
          src={src}
          alt={alt}
          width={460}
          height={690}
          decoding="async"
          fetchPriority="high"
          draggable={false}
          onLoad={(event) => reveal(event, { src, step })}
          className={cn(
            imageClass,
            "transition-opacity duration-500 motion-reduce:transition-none",
            shown?.src === src ? "opacity-100" : "opacity-0",
            step === null && "scale-100",
          )}
          style={{ filter: cssBlur(step) }}
        />
      )}
    </div>
  );
}
