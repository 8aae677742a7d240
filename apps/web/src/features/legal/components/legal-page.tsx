import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';

/** The frame of the legal pages: brand, back link, a readable column of prose. */
export const LegalPage = ({ title, updated, children }: { title: string; updated: string; children: ReactNode }) => (
  <div className="min-h-screen">
    <header className="border-b border-ink-700/60">
      <div className="mx-auto flex max-w-3xl items-center justify-between px-5 py-4">
        <Link to={PATHS.home} reloadDocument aria-label="Agentcast home">
          <BrandMark />
        </Link>
        <Link to={PATHS.home} reloadDocument className="text-sm text-slate-400 hover:text-white">
          ← Back to home
        </Link>
      </div>
    </header>
    <main className="mx-auto max-w-3xl px-5 py-12">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-400">Last updated {updated}</p>
      <div className="mt-8 space-y-4 leading-relaxed text-slate-300 [&_a]:text-brand-300 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:ml-5 [&_li]:list-disc">
        {children}
      </div>
    </main>
  </div>
);
