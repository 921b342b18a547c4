/** Query keys of the user administration pages; the lists (users, invitations) live under `all`. */
export const userKeys = {
  all: ['users'] as const,
};
