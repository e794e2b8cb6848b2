const base = import.meta.env.BASE_URL;

/** The evening-sky backdrop (made by scripts/make-landing-background.mjs), sized so nothing shifts. */
export function LandingBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <img
        src={`${base}landing-sky-1920.webp`}
        srcSet={`${base}landing-sky-960.webp 960w, ${base}landing-sky-1920.webp 1920w`}
        sizes="100vw"
        width={1920}
        height={1080}
        alt=""
        fetchPriority="high"
        decoding="async"
        className="size-full object-cover object-[55%_center] sm:object-center"
      />
      <div className="absolute inset-0 bg-linear-to-b from-background/55 via-background/25 to-background/95" />
    </div>
  );
}
