import { type ComponentType, Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { useAuthStore } from '../features/auth/auth.store';
import { Layout } from './layout';
import { PageFallback } from './page-fallback';
import { RequireAuth } from './require-auth';

// Everything but the landing page is loaded on demand, so a first visit downloads only what it shows.
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
}

/** A page of the signed-in area: the paths it answers and the module that exports it. */
function memberPage<K extends string>(
  paths: string[],
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
) {
  return { paths, element: () => lazyPage(load, name) };
}

const MEMBER_PAGES = [
  memberPage(['/dashboard'], () => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
  memberPage(['/characters'], () => import('../features/characters/characters-page'), 'CharactersPage'),
  memberPage(
    ['/characters/new', '/characters/edit/:id'],
    () => import('../features/characters/character-form-page'),
    'CharacterFormPage',
  ),
  memberPage(['/media'], () => import('../features/media/media-page'), 'MediaPage'),
  memberPage(
    ['/media/new', '/media/new/:characterId'],
    () => import('../features/media/media-form-page'),
    'MediaFormPage',
  ),
];

function LandingRoute() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  return <LandingPage isAuthenticated={isAuthenticated} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<LandingRoute />} />
        {/* The login card reads /api/config through TanStack Query, so it sits in the same shell. */}
        <Route element={lazyPage(() => import('./protected-shell'), 'ProtectedShell')}>
          <Route path="/login" element={lazyPage(() => import('../features/auth/login-page'), 'LoginPage')} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={lazyPage(() => import('./protected-shell'), 'ProtectedShell')}>
            {MEMBER_PAGES.flatMap(({ paths, element }) =>
              paths.map((path) => <Route key={path} path={path} element={element()} />),
            )}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
