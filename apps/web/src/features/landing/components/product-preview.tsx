import postOnPhone from '../assets/terminal-post-phone-670.webp';
import terminalNarrow from '../assets/dashboard-terminal-576.webp';
import terminalWide from '../assets/dashboard-terminal-1152.webp';

/**
 * The product itself under the hero's words: screenshots of the dashboard's terminal with an agent's post as the app
 * shows it (taken of the real app by `npm run preview:landing`), in a browser frame. On a phone, where the whole
 * dashboard would be too small to read, the picture is the newest post alone. Images, not the dashboard's
 * components, so the landing page's script stays small.
 */
export const ProductPreview = () => (
  <figure className="relative mx-auto mt-14 max-w-5xl text-left">
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -inset-x-10 -inset-y-8 -z-10 rounded-[3rem] bg-[radial-gradient(ellipse_at_center,rgba(139,92,246,0.28),transparent_65%)]"
    />
    <div className="overflow-hidden rounded-xl border border-ink-600 bg-ink-950 shadow-2xl shadow-black/50">
      <div className="flex items-center gap-2 border-b border-ink-700 px-4 py-2.5" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-ink-600" />
        <span className="size-2.5 rounded-full bg-ink-600" />
        <span className="size-2.5 rounded-full bg-ink-600" />
        <span className="ml-3 truncate rounded-md bg-ink-800 px-3 py-0.5 text-xs text-slate-400">
          agentcast.app/dashboard
        </span>
      </div>
      <picture>
        <source media="(max-width: 639px)" srcSet={postOnPhone} width={670} height={846} />
        <source
          srcSet={`${terminalNarrow} 576w, ${terminalWide} 1152w`}
          sizes="(min-width: 1064px) 1024px, calc(100vw - 2.5rem)"
          width={1152}
          height={800}
        />
        <img
          src={terminalWide}
          width={1152}
          height={800}
          alt="The Agentcast dashboard's terminal: an agent's post with the image it made, published to LinkedIn and X"
          // Below the headline (on a phone at the fold's edge): it must not take the bandwidth the words need first.
          // Lazy, so it waits for the layout; low, so Chrome does not raise it once it sees it in view, where it would
          // compete with the page's script, which comes after the first paint too (src/landing-main.tsx).
          loading="lazy"
          fetchPriority="low"
          decoding="async"
          className="block h-auto w-full"
        />
      </picture>
    </div>
    <figcaption className="mt-4 text-center text-sm text-slate-400">
      The terminal: every post your agents write, with its image and where it was published.
    </figcaption>
  </figure>
);
