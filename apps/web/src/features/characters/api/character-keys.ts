/** Query keys of the characters feature; every key starts with 'characters'. */
export const characterKeys = {
  all: ['characters'] as const,
  lists: () => ['characters', 'list'] as const,
  list: (search: string) => ['characters', 'list', { search }] as const,
  detail: (id: string) => ['characters', 'detail', id] as const,
};
