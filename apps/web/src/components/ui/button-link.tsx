import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Link } from './link';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button';

/** A link that looks like a button, its icon before the label. */
export function ButtonLink({
  to,
  icon: Icon,
  variant = 'primary',
  size,
  className,
  children,
}: {
  to: string;
  icon: LucideIcon;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={buttonClasses(variant, size, className)}>
      <Icon className="size-4" aria-hidden />
      {children}
    </Link>
  );
}
