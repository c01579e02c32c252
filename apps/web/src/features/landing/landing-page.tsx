import { Link } from '../../components/ui/link';
import { PAGE_HEADINGS, ROUTES } from '@baegen/shared';
import { buttonClasses } from '../../components/ui/button';
import { ArrowRightIcon, SparklesIcon } from '../../components/ui/icons';
import { usePageTitle } from '../../lib/use-page-title';
import { LANDING } from './landing-content';
import { SampleArtStrip } from './sample-art-strip';
import { useRotatingPhrase } from './use-rotating-phrase';

export interface LandingPageProps {
  /** Signed-in visitors are sent to the dashboard by the calls to action, others to /login. */
  isAuthenticated: boolean;
}

export function LandingPage({ isAuthenticated }: LandingPageProps) {
  usePageTitle(PAGE_HEADINGS.home);
  const { phrase } = useRotatingPhrase(LANDING.phrases, LANDING.rotationMs);
  const ctaTarget = isAuthenticated ? ROUTES.dashboard : ROUTES.login;

  return (
    <div className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[44rem]">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[60rem] -translate-x-1/2 rounded-full bg-violet-glow/25 blur-3xl" />
        <div className="absolute top-24 right-[-10rem] h-80 w-80 rounded-full bg-rose-glow/25 blur-3xl" />
      </div>

      <section className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-32 pb-16 text-center sm:px-6 sm:pt-40">
        <span className="inline-flex items-center gap-2 rounded-full border border-rose-glow/30 bg-rose-glow/10 px-4 py-1.5 text-sm font-medium text-rose-glow">
          <SparklesIcon className="size-4" aria-hidden /> Now in beta on Solana devnet
        </span>
        <h1 className="mt-6 text-4xl leading-tight font-extrabold sm:text-6xl md:text-7xl">
          Create Your
          {/* The phrase keeps a line of its own so the headline height never changes as it rotates. */}
          <span className="block">
            <span
              key={phrase}
              data-testid="hero-phrase"
              className="text-gradient inline-block animate-[fade-in_400ms_ease-out]"
            >
              {phrase}
            </span>
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-ink-300 sm:text-xl">
          Design an AI companion down to the last detail, then generate unlimited realistic photos and videos
          of her. Your collection stays private, tied to your wallet.
        </p>
        <div className="mt-10 flex flex-col items-center gap-4 sm:flex-row">
          <Link to={ctaTarget} className={buttonClasses('primary', 'lg')} data-testid="hero-cta">
            Start Creating <ArrowRightIcon className="size-5" aria-hidden />
          </Link>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-ink-300">
            {LANDING.promises.map(({ text, icon: Icon }) => (
              <li key={text} className="inline-flex items-center gap-1.5">
                <Icon className="size-4 text-rose-glow" aria-hidden /> {text}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-label="Beta statistics" className="mx-auto max-w-5xl px-4 sm:px-6">
        <dl className="card grid grid-cols-2 divide-ink-800 sm:grid-cols-4 sm:divide-x">
          {LANDING.stats.map((stat) => (
            <div key={stat.label} className="px-4 py-6 text-center">
              <dt className="text-sm text-ink-400">{stat.label}</dt>
              <dd className="text-gradient mt-1 text-3xl font-extrabold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <SampleArtStrip />

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
        <h2 id="features-title" className="text-center text-3xl font-bold sm:text-4xl">
          Everything you need to meet <span className="text-gradient">her</span>
        </h2>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {LANDING.features.map(({ title, text, icon: Icon }) => (
            <article key={title} className="card p-6 transition hover:border-rose-glow/40 hover:shadow-glow">
              <div className="bg-gradient-brand mb-5 grid size-12 place-items-center rounded-2xl">
                <Icon className="size-6 text-white" aria-hidden />
              </div>
              <h3 className="text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-ink-300">{text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 pb-24 sm:px-6">
        <div className="card relative isolate overflow-hidden px-6 py-10 text-center shadow-glow sm:p-12">
          <div aria-hidden className="bg-gradient-brand absolute inset-0 -z-10 opacity-15" />
          <h2 className="text-3xl font-bold">Ready to meet your Bae?</h2>
          <p className="mx-auto mt-3 max-w-xl text-ink-300">
            Connect your wallet, create her in minutes and start generating.
          </p>
          <Link to={ctaTarget} className={buttonClasses('primary', 'lg', 'mt-8')} data-testid="bottom-cta">
            {isAuthenticated ? 'Go to Dashboard' : 'Get Started'}{' '}
            <ArrowRightIcon className="size-5" aria-hidden />
          </Link>
        </div>
      </section>
    </div>
  );
}
