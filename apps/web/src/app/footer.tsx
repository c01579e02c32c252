import { AtSignIcon } from '../components/ui/icons';
import { APP_NAME, APP_VERSION_LABEL, FOOTER_TAGLINE, SOCIAL_URL } from '@baegen/shared';
import { Logo } from './logo';

export function Footer() {
  return (
    <footer className="border-t border-ink-800 bg-ink-950">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-10 text-center sm:px-6 md:flex-row md:justify-between md:text-left lg:px-8">
        <div className="space-y-2">
          <Logo />
          <p className="text-sm text-ink-400">{FOOTER_TAGLINE}</p>
        </div>
        <div className="flex items-center gap-4 text-sm text-ink-400">
          <a
            href={SOCIAL_URL}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-2 rounded-full border border-ink-700 px-3 py-1.5 hover:border-rose-glow/60 hover:text-ink-100"
          >
            <AtSignIcon className="size-4" aria-hidden />
            Follow us
          </a>
          <span className="rounded-full bg-ink-800 px-2.5 py-1 font-mono text-xs text-ink-300">
            {APP_VERSION_LABEL}
          </span>
        </div>
        <p className="text-sm text-ink-400">
          © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
