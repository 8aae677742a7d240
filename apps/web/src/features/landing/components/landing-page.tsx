import { ContentShowcase } from './content-showcase.tsx';
import { Hero } from './hero.tsx';
import { Pricing } from './pricing.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { WhyChoose } from './why-choose.tsx';

export const LandingPage = () => (
  <>
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
    <SiteHeader />
    <main id="main">
      <Hero />
      <ContentShowcase />
      <WhyChoose />
      <Pricing />
    </main>
    <SiteFooter />
  </>
);
