/** The address of the public share page (core §2 seeShareFile/{id}): exports, report runs, support content. */
export function shareUrlOf(shareId: string): string {
  return `${window.location.origin}${import.meta.env.BASE_URL}seeShareFile/${encodeURIComponent(shareId)}`;
}
