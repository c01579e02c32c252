import type { AnchorHTMLAttributes } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Handed to the page it opens, as React Router's `state`. */
  state?: unknown;
  replace?: boolean;
}

/**
 * A link within the app. React Router's own `<Link>` carries its framework mode along (route
 * prefetching, view transitions, server components): about 2 kB gzip on every first load for
 * features an app of declarative routes never uses. This keeps what we use: the href, a click that
 * navigates in place (a modified or middle click still opens a tab), `state` and `replace`.
 */
export function Link({ to, state, replace, onClick, target, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state, replace, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
