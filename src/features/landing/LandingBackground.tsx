const base = import.meta.env.BASE_URL;

const sky = {
  src: `${base}landing-sky-1920.webp`,
  srcSet: `${base}landing-sky-960.webp 960w, ${base}landing-sky-1920.webp 1920w`,
  sizes: "100vw",
  width: 1920,
  height: 1080,
  alt: "",
  className: "absolute inset-0 size-full object-cover object-[55%_center] sm:object-center",
};

/** The evening-sky backdrop (made by scripts/make-landing-background.mjs), sized so nothing shifts. */
export function LandingBackground() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      {/* The prerendered HTML keeps this image's sources in data- attributes that the inline
          script sets on "/" only (scripts/prerender); without JavaScript, the copy in <noscript>
          shows instead (React neither renders nor hydrates noscript content in the browser). */}
      <img {...sky} fetchPriority="high" decoding="async" />
      <noscript>
        <img {...sky} />
      </noscript>
      <div className="absolute inset-0 bg-linear-to-b from-background/55 via-background/25 to-background/95" />
    </div>
  );
}
