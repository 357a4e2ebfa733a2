// The bundle's text layout: valid JSON as a whole, and one element per line, so it can be written and read as a stream.
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, type BundleHeader, type BundleTrailer } from './bundle-format.js';

/** The arrays of a bundle, in file order. */
export const BUNDLE_SECTIONS = ['clientFrames', 'transcript', 'findings'] as const;
export type BundleSection = (typeof BUNDLE_SECTIONS)[number];

/**
 * Layout, line by line:
 *   {"format":"mcpscope-bundle","formatVersion":1,
 *   "header":{…},
 *   "clientFrames":[
 *   {…},                      ← one element per line; JSON.stringify never emits a raw newline
 *   ],
 *   "transcript":[ … ],  "findings":[ … ],
 *   "trailer":{…}}
 */
export function bundleOpening(header: BundleHeader): string {
  return `{"format":${JSON.stringify(BUNDLE_FORMAT)},"formatVersion":${BUNDLE_FORMAT_VERSION},\n"header":${JSON.stringify(header)},\n`;
}

export function sectionOpening(section: BundleSection): string {
  return `${JSON.stringify(section)}:[\n`;
}

/** One element line; every element but the first carries the comma of the one before it. */
export function sectionItem(value: unknown, first: boolean): string {
  return `${first ? '' : ','}${JSON.stringify(value)}\n`;
}

export function sectionClosing(): string {
  return '],\n';
}

export function bundleClosing(trailer: BundleTrailer): string {
  return `"trailer":${JSON.stringify(trailer)}}\n`;
}
