import { type ReactNode, useEffect } from 'react';
import { ArrowRight, Image as ImageIcon, Layers, Plus, Sparkles, Users, Video } from 'lucide-react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { DASHBOARD_RECENT_CHARACTERS, DASHBOARD_RECENT_MEDIA, MESSAGES, ROUTES } from '@baegen/shared';
import { Button, buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { CardSkeleton } from '../../components/ui/skeleton';
import { useDashboardStats, useRecentCharacters, useRecentMedia } from './api/use-dashboard-data';
import { RecentCharacterCard, RecentMediaCard } from './components/recent-cards';
import { StatCard } from './components/stat-card';

const GRID = 'grid gap-4 sm:grid-cols-3 sm:gap-6';

function RecentSection({
  title,
  viewAll,
  loading,
  failed,
  skeletons,
  empty,
  emptyText,
  children,
}: {
  title: string;
  viewAll: string;
  loading: boolean;
  failed: boolean;
  skeletons: number;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const headingId = `recent-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="mt-12">
      <div className="mb-4 flex items-center justify-between gap-4">
        <h2 id={headingId} className="text-xl font-semibold sm:text-2xl">
          {title}
        </h2>
        <Link
          to={viewAll}
          className="inline-flex items-center gap-1 text-sm font-medium text-rose-glow hover:underline"
          aria-label={`View All ${title}`}
        >
          View All <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      {loading ? (
        <div className={GRID} role="status" aria-label={`Loading ${title}`}>
          {Array.from({ length: skeletons }, (_, index) => (
            <CardSkeleton key={index} />
          ))}
        </div>
      ) : failed || empty ? (
        <p className="card px-6 py-10 text-center text-ink-300">
          {failed ? MESSAGES.dashboard.loadFailed : emptyText}
        </p>
      ) : (
        <div className={GRID}>{children}</div>
      )}
    </section>
  );
}

export function DashboardPage() {
  const stats = useDashboardStats();
  const characters = useRecentCharacters();
  const media = useRecentMedia();

  const failed = stats.isError || characters.isError || media.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.dashboard.loadFailed, { id: 'dashboard-load-failed' });
  }, [failed]);

  const retry = () => {
    for (const query of [stats, characters, media]) if (query.isError) void query.refetch();
  };

  const recentCharacters = characters.data?.slice(0, DASHBOARD_RECENT_CHARACTERS) ?? [];
  const recentMedia = media.data?.slice(0, DASHBOARD_RECENT_MEDIA) ?? [];

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Your Baes and media at a glance."
        actions={
          <>
            <Link to={ROUTES.newCharacter} className={buttonClasses('secondary')}>
              <Plus className="size-4" aria-hidden /> New Character
            </Link>
            <Link to={ROUTES.newMedia} className={buttonClasses('primary')}>
              <Sparkles className="size-4" aria-hidden /> Generate Media
            </Link>
          </>
        }
      />

      {failed ? (
        <div
          role="alert"
          className="card mb-8 flex flex-wrap items-center justify-between gap-3 border-red-500/40 p-4"
        >
          <p className="text-red-300">{MESSAGES.dashboard.loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : null}

      <section aria-label="Statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
        <StatCard label="Characters" value={stats.isError ? null : stats.data?.characters} icon={Users} />
        <StatCard label="Videos" value={stats.isError ? null : stats.data?.videos} icon={Video} />
        <StatCard label="Images" value={stats.isError ? null : stats.data?.images} icon={ImageIcon} />
        <StatCard label="Total Media" value={stats.isError ? null : stats.data?.totalMedia} icon={Layers} />
      </section>

      <RecentSection
        title="Recent Characters"
        viewAll={ROUTES.characters}
        loading={characters.isPending}
        failed={characters.isError}
        skeletons={DASHBOARD_RECENT_CHARACTERS}
        empty={recentCharacters.length === 0}
        emptyText={MESSAGES.dashboard.noCharacters}
      >
        {recentCharacters.map((character) => (
          <RecentCharacterCard key={character.$id} character={character} />
        ))}
      </RecentSection>

      <RecentSection
        title="Recent Media"
        viewAll={ROUTES.media}
        loading={media.isPending}
        failed={media.isError}
        skeletons={DASHBOARD_RECENT_MEDIA}
        empty={recentMedia.length === 0}
        emptyText={MESSAGES.dashboard.noMedia}
      >
        {recentMedia.map((item) => (
          <RecentMediaCard key={item.$id} media={item} />
        ))}
      </RecentSection>
    </>
  );
}
