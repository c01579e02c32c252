import type { ButtonHTMLAttributes, ComponentType, Ref } from 'react';
import { Loader2Icon } from './icons';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-gradient-brand text-white shadow-glow hover:brightness-110 active:brightness-95 disabled:brightness-75',
  secondary: 'border border-ink-600 bg-ink-800/70 text-ink-100 hover:border-rose-glow/60 hover:bg-ink-700/70',
  ghost: 'text-ink-300 hover:bg-ink-800 hover:text-ink-100',
  danger: 'bg-red-500/90 text-white hover:bg-red-500',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  lg: 'h-12 gap-2 px-6 text-base',
};

/** Class names of a button, for links styled as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) {
  return cn(
    'inline-flex items-center justify-center rounded-full font-semibold transition duration-150 select-none',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

/** An icon the button draws before its label: a lucide icon or one of ./icons. */
export type ButtonIcon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  icon?: ButtonIcon;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon: Icon,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? (
        <Loader2Icon className="size-4 animate-spin" aria-hidden />
      ) : Icon ? (
        <Icon className={size === 'lg' ? 'size-5' : 'size-4'} aria-hidden />
      ) : null}
      {children}
    </button>
  );
}
