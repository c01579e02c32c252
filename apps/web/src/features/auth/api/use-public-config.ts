import { useQuery } from '@tanstack/react-query';
import { fetchPublicConfig } from './auth.api';

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: fetchPublicConfig, staleTime: Infinity });
}
