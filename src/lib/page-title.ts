/** Every page's tab title is its own title followed by the shop's name. */
export function titleTemplate(companyName: string): string {
  return `%s · ${companyName}`;
}

/** The tab title of a page titled `title`, as the server writes it (for a page that changes its title in place). */
export function pageTitle(title: string, companyName: string): string {
  return titleTemplate(companyName).replace("%s", () => title);
}
