import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LEGAL_PAGES, PATHS } from '@agentcast/contracts/paths';
import { FullScreenLoader } from '../components/ui/full-screen-loader.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

// Everything but the landing page loads on demand, so visitors never download the dashboard
// (docs/decisions/004-declarative-routing.md explains why these are components, not route loaders).
const LegalRoute = lazy(() => import('./routes/legal-route.tsx'));
const SessionLayout = lazy(() => import('./routes/session-layout.tsx'));
const LoginRoute = lazy(() => import('./routes/login-route.tsx'));
const SignedInLayout = lazy(() => import('./routes/signed-in-layout.tsx'));
const DashboardRoute = lazy(() => import('./routes/dashboard-route.tsx'));
const AgentBuilderRoute = lazy(() => import('./routes/agent-builder-route.tsx'));
const OAuthCallbackRoute = lazy(() => import('./routes/oauth-callback-route.tsx'));
const SettingsRoute = lazy(() => import('./routes/settings-route.tsx'));

const Loading = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
);

/** Spec §2: the routes of the app. Any other path goes to the landing page. */
export const AppRoutes = () => (
  <>
    <ScrollToTop />
    <Routes>
      <Route path={PATHS.home} element={<LandingPage />} />
      {LEGAL_PAGES.map((page) => (
        <Route
          key={page.path}
          path={page.path}
          element={
            <Loading>
              <LegalRoute />
            </Loading>
          }
        />
      ))}
      <Route
        path={PATHS.oauthCallback}
        element={
          <Loading>
            <OAuthCallbackRoute />
          </Loading>
        }
      />
      <Route
        element={
          <Loading>
            <SessionLayout />
          </Loading>
        }
      >
        <Route
          path={PATHS.login}
          element={
            <Loading>
              <LoginRoute />
            </Loading>
          }
        />
        <Route
          element={
            <Loading>
              <SignedInLayout />
            </Loading>
          }
        >
          <Route
            path={PATHS.dashboard}
            element={
              <Loading>
                <DashboardRoute />
              </Loading>
            }
          />
          <Route
            path={PATHS.agentBuilder}
            element={
              <Loading>
                <AgentBuilderRoute />
              </Loading>
            }
          />
          <Route
            path={PATHS.settings}
            element={
              <Loading>
                <SettingsRoute />
              </Loading>
            }
          />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to={PATHS.home} replace />} />
    </Routes>
  </>
);
