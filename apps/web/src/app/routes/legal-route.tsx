import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { LegalPage } from '../../features/legal/components/legal-page.tsx';
import { CookiePolicy } from '../../features/legal/content/cookie-policy.tsx';
import { PrivacyPolicy } from '../../features/legal/content/privacy-policy.tsx';
import { SecurityOverview } from '../../features/legal/content/security-overview.tsx';
import { TermsOfService } from '../../features/legal/content/terms-of-service.tsx';

const CONTENT: Record<(typeof LEGAL_PAGES)[number]['path'], ComponentType> = {
  '/privacy': PrivacyPolicy,
  '/terms': TermsOfService,
  '/cookies': CookiePolicy,
  '/security': SecurityOverview,
};

const LAST_UPDATED = '22 November 2026';

const LegalRoute = () => {
  const { pathname } = useLocation();
  const page = LEGAL_PAGES.find((candidate) => candidate.path === pathname);
  if (!page) return <Navigate to={PATHS.home} replace />;
  const Content = CONTENT[page.path];
  return (
    <LegalPage title={page.title} updated={LAST_UPDATED}>
      <Content />
    </LegalPage>
  );
};
export default LegalRoute;
