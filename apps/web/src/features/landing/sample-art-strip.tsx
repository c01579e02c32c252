/** Bundled sample art (public/sample-art, drawn by scripts/make-sample-art.mjs): slug and alt text. */
const PIECES = [
  ['golden-hour', 'Portrait at golden hour'],
  ['neon-night', 'Portrait on a neon night'],
  ['sea-breeze', 'Portrait in a sea breeze'],
  ['forest-dawn', 'Portrait at dawn in the forest'],
  ['rose-studio', 'Portrait in a rose studio'],
  ['winter-moon', 'Portrait under a winter moon'],
] as const;

// Two columns on phones, three on tablets, six from 1024 px in a 72rem frame.
const SIZES = '(min-width: 1024px) 170px, (min-width: 640px) 30vw, 45vw';

const srcSet = (slug: string, format: string) =>
  `/sample-art/${slug}-240.${format} 240w, /sample-art/${slug}-480.${format} 480w`;

/**
 * A strip of sample art below the fold: AVIF with a WebP fallback, loaded lazily, each picture
 * sized by width and height so nothing moves when it arrives.
 */
export function SampleArtStrip() {
  return (
    <section aria-labelledby="samples-title" className="mx-auto max-w-6xl px-4 pt-24 sm:px-6">
      <h2 id="samples-title" className="text-center text-3xl font-bold sm:text-4xl">
        Picture <span className="text-gradient">her</span> anywhere
      </h2>
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {PIECES.map(([slug, alt]) => (
          <li key={slug}>
            <picture>
              <source type="image/avif" srcSet={srcSet(slug, 'avif')} sizes={SIZES} />
              <img
                src={`/sample-art/${slug}-480.webp`}
                srcSet={srcSet(slug, 'webp')}
                sizes={SIZES}
                width={240}
                height={320}
                loading="lazy"
                decoding="async"
                alt={alt}
                className="h-auto w-full rounded-2xl border border-ink-800"
              />
            </picture>
          </li>
        ))}
      </ul>
    </section>
  );
}
