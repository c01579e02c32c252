import { type ComponentType, type ReactElement, Suspense, lazy } from 'react';
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

/**
 * The pages of the signed-in area, each with the paths it answers and, for a page drawn over
 * another (the viewer over the gallery, which stays mounted beneath it), its child route.
 */
const MEMBER_PAGES: [
  paths: string[],
  page: () => ReactElement,
  child?: [path: string, page: () => ReactElement],
][] = [
  [['/dashboard'], () => lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage')],
  [['/characters'], () => lazyPage(() => import('../features/characters/characters-page'), 'CharactersPage')],
  [
    ['/characters/new', '/characters/edit/:id'],
    () => lazyPage(() => import('../features/characters/character-form-page'), 'CharacterFormPage'),
  ],
  // React Router ranks the static '/characters/new' above this pattern, so the form keeps its path.
  [
    ['/characters/:id'],
    () => lazyPage(() => import('../features/characters/character-profile-page'), 'CharacterProfilePage'),
  ],
  [
    ['/media'],
    () => lazyPage(() => import('../features/media/media-page'), 'MediaPage'),
    // '/media/new' is a static path, which React Router ranks above this one.
    [':id', () => lazyPage(() => import('../features/media/media-viewer-page'), 'MediaViewerPage')],
  ],
  [
    ['/media/new', '/media/new/:characterId'],
    () => lazyPage(() => import('../features/media/media-form-page'), 'MediaFormPage'),
  ],
  [['/chats'], () => lazyPage(() => import('../features/chats/chats-page'), 'ChatsPage')],
  [
    ['/chats/with/:characterId'],
    () => lazyPage(() => import('../features/chats/chat-with-page'), 'ChatWithPage'),
  ],
  [['/chats/:chatId'], () => lazyPage(() => import('../features/chats/chat-page'), 'ChatPage')],
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
        {/* Outside the signed-in shell: the login card needs none of its code to draw. */}
        <Route path="/login" element={lazyPage(() => import('../features/auth/login-page'), 'LoginPage')} />
        <Route element={<RequireAuth />}>
          <Route element={lazyPage(() => import('./protected-shell'), 'ProtectedShell')}>
            {MEMBER_PAGES.flatMap(([paths, page, child]) =>
              paths.map((path) => (
                <Route key={path} path={path} element={page()}>
                  {child ? <Route path={child[0]} element={child[1]()} /> : null}
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
