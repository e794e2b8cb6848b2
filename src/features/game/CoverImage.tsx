import { useState } from "react";
import { BLUR_STEPS_PX } from "@convex/model/rules";
import { coverUrl } from "@/lib/coverUrl";
import { cn } from "@/lib/utils";

/** Blur steps are defined on a cover this wide (convex/model/coverImages.ts). */
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

/**
 * The round's cover: a box of the cover's own colour holds the 2:3 space (so nothing moves), the
 * last image shown stays underneath, and the next one cross-fades in once it has loaded. The
 * server serves no step ahead of the one shown, so nothing sharper is preloaded.
 */
export function CoverImage({
  path,
  color,
  step,
  alt,
}: {
  path: string | null;
  color: string | null;
  /** The blur step shown (index into BLUR_STEPS_PX), or null for the clear cover. */
  step: number | null;
  alt: string;
}) {
  const src = path === null ? null : coverUrl(path);
  const [loaded, setLoaded] = useState<{ src: string; step: number | null } | null>(null);
  const previous = loaded !== null && loaded.src !== src ? loaded : null;
  const imageClass =
    "absolute inset-0 size-full object-cover select-none [image-rendering:smooth] scale-110";
  return (
    <div
      data-testid="cover"
      className="relative mx-auto aspect-[2/3] w-[60%] max-w-[15rem] overflow-hidden rounded-lg bg-muted shadow-lg ring-1 ring-border [container-type:inline-size] md:w-full md:max-w-none"
      style={color === null ? undefined : { backgroundColor: color }}
    >
      {previous !== null && (
        <img
          src={previous.src}
          alt=""
          aria-hidden
          draggable={false}
          className={imageClass}
          style={{ filter: cssBlur(previous.step) }}
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
          onLoad={() => setLoaded({ src, step })}
          className={cn(
            imageClass,
            "transition-opacity duration-500 motion-reduce:transition-none",
            loaded?.src === src ? "opacity-100" : "opacity-0",
            step === null && "scale-100",
          )}
          style={{ filter: cssBlur(step) }}
        />
      )}
    </div>
  );
}
