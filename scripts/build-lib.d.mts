export const root: string;
export function sourceHash(): string;
export function buildIsCurrent(): boolean;
export function buildServer(): Promise<void>;
export function buildAll(): Promise<void>;
export function hashOfFiles(inputs: string[]): string;
