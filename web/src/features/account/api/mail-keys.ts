/** Query keys of the in-app mailbox: the list refreshes after a message is opened (it becomes read). */
export const mailKeys = {
  all: ['mail'] as const,
  lists: () => [...mailKeys.all, 'messages'] as const,
  list: (params: { limit?: number; offset?: number } = {}) => [...mailKeys.lists(), params] as const,
  message: (id: string) => [...mailKeys.all, 'message', id] as const,
};
