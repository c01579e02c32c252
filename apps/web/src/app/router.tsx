import { type ComponentType, type ReactElement, Suspense, lazy } from 'react';
import { Navigate, Route, Routes, matchRoutes } from 'react-router';
import { ROUTES } from '@baegen/shared';
import { LandingPage } from '../features/landing/landing-page';
import { useAuthStore } from '../features/auth/auth.store';
import { Layout } from './layout';
import { PageFallback } from './page-fallback';
import { RequireAuth } from './require-auth';

/** A page loaded on demand: its code is asked for once, by the router or ahead of it (`preloadRoute`). */
interface LazyPage {
  load: () => Promise<ComponentType>;
  element: ReactElement;
}

// Everything but the landing page is loaded on demand, so a first visit downloads only what it shows.
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () => (loading ??= load().then((module) => module[name]));
  const Page = lazy(async () => ({ default: await loadOnce() }));
  return {
    load: loadOnce,
    element: (
      <Suspense fallback={<PageFallback />}>
        <Page />
      </Suspense>
    ),
  };
}

const LOGIN_PAGE = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const PROTECTED_SHELL = lazyPage(() => import('./protected-shell'), 'ProtectedShell');

/**
 * The pages of the signed-in area, each with the paths it answers and, for a page drawn over
 * another (the viewer over the gallery, which stays mounted beneath it), its child route.
 */
const MEMBER_PAGES: [paths: string[], page: LazyPage, child?: [path: string, page: LazyPage]][] = [
  [['/dashboard'], lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage')],
  [['/characters'], lazyPage(() => import('../features/characters/characters-page'), 'CharactersPage')],
  [
    ['/characters/new', '/characters/edit/:id'],
    lazyPage(() => import('../features/characters/character-form-page'), 'CharacterFormPage'),
  ],
  // React Router ranks the static '/characters/new' above this pattern, so the form keeps its path.
  [
    ['/characters/:id'],
    lazyPage(() => import('../features/characters/character-profile-page'), 'CharacterProfilePage'),
  ],
  [
    ['/media'],
    lazyPage(() => import('../features/media/media-page'), 'MediaPage'),
    // '/media/new' is a static path, which React Router ranks above this one.
    [':id', lazyPage(() => import('../features/media/media-viewer-page'), 'MediaViewerPage')],
  ],
  [
    ['/media/new', '/media/new/:characterId'],
    lazyPage(() => import('../features/media/media-form-page'), 'MediaFormPage'),
  ],
  [['/chats'], lazyPage(() => import('../features/chats/chats-page'), 'ChatsPage')],
  [['/chats/with/:characterId'], lazyPage(() => import('../features/chats/chat-with-page'), 'ChatWithPage')],
  [['/chats/:chatId'], lazyPage(() => import('../features/chats/chat-page'), 'ChatPage')],
];

/** The signed-in pages as route objects, ranked by React Router as `<Routes>` ranks them. */
const MEMBER_ROUTES = MEMBER_PAGES.flatMap(([paths, page, child]) =>
  paths.map((path) => ({
    path,
    pages: [PROTECTED_SHELL, page],
    children: child ? [{ path: child[0], pages: [PROTECTED_SHELL, page, child[1]] }] : undefined,
  })),
);

/**
 * Asks for the code of the page at `pathname` (nothing for the landing page, which the entry holds,
 * or for a signed-in page while signed out, which sends the visitor to /login); settles once it
 * is here.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  if (pathname === ROUTES.login) return LOGIN_PAGE.load();
  if (!useAuthStore.getState().isAuthenticated) return Promise.resolve();
  const match = matchRoutes(MEMBER_ROUTES, pathname)?.at(-1);
  return Promise.all((match?.route.pages ?? []).map((page) => page.load()));
}

function LandingRoute() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  return <LandingPage isAuthenticated={isAuthenticated} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<LandingRoute />} />
        {/* Outside the signed-in shell: the login card needs none of its code to draw. */}
        <Route path="/login" element={LOGIN_PAGE.element} />
        <Route element={<RequireAuth />}>
          <Route element={PROTECTED_SHELL.element}>
            {MEMBER_PAGES.flatMap(([paths, page, child]) =>
              paths.map((path) => (
                <Route key={path} path={path} element={page.element}>
                  {child ? <Route path={child[0]} element={child[1].element} /> : null}
                </Route>
              )),
            )}
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
