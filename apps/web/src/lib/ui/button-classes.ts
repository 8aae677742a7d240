export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-ink-600 bg-ink-800 text-slate-100 hover:border-brand-400',
  ghost: 'text-slate-300 hover:bg-ink-800 hover:text-white',
  danger: 'border border-red-500/40 bg-red-500/10 text-red-200 hover:bg-red-500/20',
};

/** Shared by <button>s and router <Link>s that should look like buttons. */
export const buttonClasses = (variant: ButtonVariant = 'primary', extra = '') =>
  `${BASE} ${VARIANTS[variant]} ${extra}`;
