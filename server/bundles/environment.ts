// The machine a bundle was made on: mcpscope and Node versions and the OS, for whoever replays it elsewhere.
import { arch, platform, release } from 'node:os';
import type { BundleEnvironment } from '../../shared/bundle/bundle-format.js';

export function bundleEnvironment(version: string): BundleEnvironment {
  return { mcpscope: version, node: process.version, os: `${platform()} ${release()} ${arch()}` };
}
