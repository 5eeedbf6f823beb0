/** Hierarchical query keys of the ventures feature; invalidate `ventureKeys.all` to refresh everything. */
export const ventureKeys = {
  all: ['ventures'] as const,
  lists: () => [...ventureKeys.all, 'list'] as const,
  details: () => [...ventureKeys.all, 'detail'] as const,
  detail: (id: string | number) => [...ventureKeys.details(), String(id)] as const,
};

/** The built-in task guides: public, the same for every user, so kept apart from the ventures. */
export const taskGuideKeys = {
  all: ['task-guides'] as const,
  lists: () => [...taskGuideKeys.all, 'list'] as const,
};
