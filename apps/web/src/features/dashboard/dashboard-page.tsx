import { useEffect } from 'react';
import { Image as ImageIcon, Layers, Plus, Sparkles, Users, Video } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  CHAT_LABELS,
  DASHBOARD_RECENT_CHARACTERS,
  DASHBOARD_RECENT_CHATS,
  DASHBOARD_RECENT_MEDIA,
  MESSAGES,
  PAGE_HEADINGS,
  ROUTES,
} from '@baegen/shared';
import { useCharacterOptions, useRecentCharacters } from '../../api/characters.queries';
import { useRecentChats } from '../../api/chats.queries';
import { useMediaStats, useRecentMedia } from '../../api/media.queries';
import { CharacterCard } from '../../components/cards/character-card';
import { MediaCard } from '../../components/cards/media-card';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { PageHeader } from '../../components/ui/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { RecentChatCard } from './components/recent-chat-card';
import { RecentSection } from './components/recent-section';
import { StatCard } from './components/stat-card';

const RECENT_CHARACTERS = {
  title: 'Recent Characters',
  viewAll: ROUTES.characters,
  limit: DASHBOARD_RECENT_CHARACTERS,
  emptyText: MESSAGES.dashboard.noCharacters,
};

const RECENT_MEDIA = {
  title: 'Recent Media',
  viewAll: ROUTES.media,
  limit: DASHBOARD_RECENT_MEDIA,
  emptyText: MESSAGES.dashboard.noMedia,
};

const RECENT_CHATS = {
  title: CHAT_LABELS.recent,
  viewAll: ROUTES.chats,
  limit: DASHBOARD_RECENT_CHATS,
  emptyText: CHAT_LABELS.emptyText,
};

export function DashboardPage() {
  usePageTitle(PAGE_HEADINGS.dashboard);
  const stats = useMediaStats();
  const characters = useRecentCharacters();
  const media = useRecentMedia();
  const chats = useRecentChats();
  // Her name and picture are read only for chats to show, so no list of names is cached early.
  const characterOptions = useCharacterOptions((chats.data?.length ?? 0) > 0);

  const failed = stats.isError || characters.isError || media.isError || chats.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.dashboard.loadFailed, { id: 'dashboard-load-failed' });
  }, [failed]);

  const retry = () => {
    for (const query of [stats, characters, media, chats]) if (query.isError) void query.refetch();
  };
  const count = (value: number | undefined) => (stats.isError ? null : value);

  return (
    <>
      <PageHeader
        title={PAGE_HEADINGS.dashboard}
        subtitle="Your Baes and media at a glance."
        actions={
          <>
            <ButtonLink to={ROUTES.newCharacter} icon={Plus} variant="secondary">
              New Character
            </ButtonLink>
            <ButtonLink to={ROUTES.newMedia} icon={Sparkles}>
              Generate Media
            </ButtonLink>
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
        <StatCard label="Characters" value={count(stats.data?.characters)} icon={Users} />
        <StatCard label="Videos" value={count(stats.data?.videos)} icon={Video} />
        <StatCard label="Images" value={count(stats.data?.images)} icon={ImageIcon} />
        <StatCard label="Total Media" value={count(stats.data?.totalMedia)} icon={Layers} />
      </section>

      <RecentSection
        {...RECENT_CHARACTERS}
        query={characters}
        // The first portrait is the phone's largest paint; the row shows at once on a wider screen.
        renderItem={(character, index) => (
          <CharacterCard compact character={character} priority={index === 0 ? 'lcp' : 'eager'} />
        )}
      />
      <RecentSection
        {...RECENT_MEDIA}
        query={media}
        renderItem={(item) => <MediaCard compact media={item} priority="eager" />}
      />
      <RecentSection
        {...RECENT_CHATS}
        query={chats}
        renderItem={(chat) => (
          <RecentChatCard
            chat={chat}
            character={characterOptions.data?.find((option) => option.$id === chat.characterId)}
          />
        )}
      />
    </>
  );
}
