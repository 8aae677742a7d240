import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { BRAND } from '../../../config/brand.ts';

const CONTACT_EMAILS = [BRAND.emails.hello, BRAND.emails.sales, BRAND.emails.support];

export const SiteFooter = () => (
  <footer id="contact" className="scroll-mt-20 border-t border-ink-700/60 bg-ink-950">
    <div className="mx-auto grid max-w-6xl gap-10 px-5 py-14 sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <BrandMark />
        <p className="mt-3 text-sm text-slate-400">{BRAND.tagline}.</p>
        <a href={PATHS.login} className="mt-4 inline-block text-sm font-semibold text-brand-300 hover:text-brand-400">
          Sign in or create an account →
        </a>
      </div>
      <div>
        <h2 className="text-sm font-semibold text-white">Contact</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {CONTACT_EMAILS.map((email) => (
            <li key={email}>
              <a href={`mailto:${email}`} className="text-slate-400 hover:text-white">
                {email}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-sm font-semibold text-white">Follow</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {BRAND.social.map((link) => (
            <li key={link.href}>
              <a href={link.href} rel="noopener noreferrer" target="_blank" className="text-slate-400 hover:text-white">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="text-sm font-semibold text-white">Legal</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {LEGAL_PAGES.map((page) => (
            <li key={page.path}>
              <a href={page.path} className="text-slate-400 hover:text-white">
                {page.title}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
    {/* The year is the build's in the prerendered page; a visit across New Year must not count as a mismatch. */}
    <p className="border-t border-ink-800 py-6 text-center text-xs text-slate-400" suppressHydrationWarning>
      © {new Date().getFullYear()} Agentcast
    </p>
  </footer>
);
