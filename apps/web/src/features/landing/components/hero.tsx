import { lazy, Suspense, useState } from 'react';
import { SIGN_UP_PATH } from '@agentcast/contracts/paths';
import { buttonClasses } from '../../../lib/ui/button-classes.ts';
import { ProductPreview } from './product-preview.tsx';

// The tour is only fetched when a visitor asks for it.
const DemoDialog = lazy(() => import('./demo-dialog.tsx').then((module) => ({ default: module.DemoDialog })));

export const Hero = () => {
  const [isDemoOpen, setIsDemoOpen] = useState(false);

  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.35),transparent_60%)]"
      />
      <div className="relative mx-auto max-w-6xl px-5 pt-16 pb-16 text-center sm:pt-20">
        <p className="mx-auto mb-6 inline-flex items-center gap-2 rounded-full border border-ink-600 bg-ink-800/70 px-4 py-1.5 text-xs font-medium text-slate-300">
          <span className="size-2 rounded-full bg-signal-400" aria-hidden="true" />
          Tweets · LinkedIn posts · Memes · Graphics · Video
        </p>
        <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight text-white sm:text-6xl">
          Automate your social media with AI agents that never clock out
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
          Train an agent on your voice, your topics and your documents. It writes, designs and posts to X and LinkedIn
          on your schedule — and you watch every word it produces in a live terminal.
        </p>
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a href={SIGN_UP_PATH} className={buttonClasses('primary', 'px-6 py-3 text-base')}>
            Launch Your Agent
          </a>
          <button
            type="button"
            className={buttonClasses('secondary', 'px-6 py-3 text-base')}
            onClick={() => setIsDemoOpen(true)}
          >
            <span aria-hidden="true">▶</span> Watch Demo
          </button>
        </div>
        <ProductPreview />
      </div>
      {isDemoOpen && (
        <Suspense fallback={null}>
          <DemoDialog onClose={() => setIsDemoOpen(false)} />
        </Suspense>
      )}
    </section>
  );
};
