export function linkInOutbox(outbox: string, email: string, pattern: RegExp): string | null;
export function tokenLinkPattern(pathName: string): RegExp;
