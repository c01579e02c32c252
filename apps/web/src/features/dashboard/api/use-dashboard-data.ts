import { useQuery } from '@tanstack/react-query';
import {
  type Character,
  DASHBOARD_MEDIA_KEPT,
  DASHBOARD_RECENT_CHARACTERS,
  type ListResponse,
  type Media,
  type MediaStats,
} from '@baegen/shared';
import { api } from '../../../lib/api-client';

/**
 * Keys start with the root of the data they show ('media' or 'characters'), so whichever page
 * changes that data and invalidates its root also refreshes the dashboard.
 */
export const dashboardKeys = {
  stats: ['media', 'stats'] as const,
  recentMedia: ['media', 'recent'] as const,
  recentCharacters: ['characters', 'recent'] as const,
};

/** Counts of characters, videos and images, made by the server over everything the user has. */
export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: () => api<MediaStats>('/api/media/stats'),
  });
}

export function useRecentCharacters() {
  return useQuery({
    queryKey: dashboardKeys.recentCharacters,
    queryFn: () => api<ListResponse<Character>>(`/api/characters?limit=${DASHBOARD_RECENT_CHARACTERS}`),
    select: (page) => page.documents,
  });
}

export function useRecentMedia() {
  return useQuery({
    queryKey: dashboardKeys.recentMedia,
    queryFn: () => api<ListResponse<Media>>(`/api/media?limit=${DASHBOARD_MEDIA_KEPT}`),
    select: (page) => page.documents,
  });
}
