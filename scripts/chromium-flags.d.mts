// Types of scripts/chromium-flags.mjs for the TypeScript tests.
import type { LaunchOptions } from 'playwright-core';

export declare const CHROMIUM_BINARY: string;
export declare function launchOptions(extra?: readonly string[]): LaunchOptions;
