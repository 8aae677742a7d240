import { ContentShowcase } from './content-showcase.tsx';
import { Hero } from './hero.tsx';
import { Pricing } from './pricing.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { WhyChoose } from './why-choose.tsx';

export const LandingPage = () => (
  <>
    <SiteHeader />
    <main>
      <Hero />
      <ContentShowcase />
      <WhyChoose />
      <Pricing />
    </main>
    <SiteFooter />
  </>
);
