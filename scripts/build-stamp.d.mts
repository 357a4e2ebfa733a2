// Types of scripts/build-stamp.mjs for the TypeScript tests.
export type Part = 'server' | 'web' | 'share';
export interface PartStamp {
  files: Record<string, number>;
  dirs: Record<string, number>;
}
export declare const SOURCES: Record<Part, { sources: string[]; output: string }>;
export declare function snapshot(parts: readonly Part[], root?: string): Partial<Record<Part, PartStamp>>;
export declare function writeStamp(snap: Partial<Record<Part, PartStamp>>, root?: string): void;
export declare function staleParts(parts: readonly Part[], root?: string): Part[];
