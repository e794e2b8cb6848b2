import { useState } from "react";
import { cn } from "@/lib/utils";

/**
 * The round's cover, loading progressively: a box of the cover's own colour holds the 2:3 space
 * (so nothing moves when the image arrives), then the image fades in. The blur eases between
 * steps; scaling it up a little while blurred keeps the soft edges inside the box.
 */
export function CoverImage({
  src,
  color,
  blurPx,
  alt,
}: {
  src: string;
  color: string | null;
  blurPx: number;
  alt: string;
}) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  return (
    <div
      className="relative mx-auto aspect-[2/3] w-full max-w-[10.5rem] overflow-hidden rounded-lg bg-muted shadow-lg ring-1 ring-border md:max-w-none"
      style={color === null ? undefined : { backgroundColor: color }}
    >
      <img
        key={src}
        src={src}
        alt={alt}
        width={460}
        height={690}
        decoding="async"
        fetchPriority="high"
        draggable={false}
        onLoad={() => setLoadedSrc(src)}
        className={cn(
          "size-full object-cover transition-[filter,opacity,scale] duration-700 select-none motion-reduce:transition-none",
          loadedSrc === src ? "opacity-100" : "opacity-0",
          blurPx > 0 && "scale-110",
        )}
        style={{ filter: `blur(${blurPx}px)` }}
      />
    </div>
  );
}
